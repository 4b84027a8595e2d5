import { BookOpen, Settings2, Sun, UsersRound } from 'lucide-react';
import { Reveal } from '../../components/reveal.tsx';
import { SectionHeading } from '../../components/section-heading.tsx';
import { Illustration } from '../../components/illustration.tsx';
import {
  contributionCards,
  contributionsImpact,
  contributionsIntro,
  type ContributionIcon,
} from '../../content/contributions.ts';
import styles from './aportaciones-page.module.css';

const icons: Record<ContributionIcon, typeof Sun> = {
  users: UsersRound,
  sun: Sun,
  book: BookOpen,
  settings: Settings2,
};

/** /Aportaciones: where contributions go. Informative only: no form and no payment. */
export function AportacionesPage() {
  return (
    <div className={styles.page}>
      <section className={styles.intro} aria-labelledby="aportaciones-title">
        <div className={`container ${styles.introInner}`}>
          <span className="eyebrow">{contributionsIntro.eyebrow}</span>
          <h1 id="aportaciones-title" className={styles.title}>
            {contributionsIntro.title}
          </h1>
          {contributionsIntro.paragraphs.map((paragraph) => (
            <p key={paragraph} className={styles.lead}>
              {paragraph}
            </p>
          ))}
        </div>
      </section>

      <section className={`section ${styles.uses}`} aria-labelledby="aportaciones-uses">
        <div className="container">
          <h2 id="aportaciones-uses" className="sr-only">
            En qué usamos las aportaciones
          </h2>
          <ul className={`list-plain ${styles.cards}`}>
            {contributionCards.map((card, index) => {
              const Icon = icons[card.icon];
              return (
                <li key={card.title} className={styles.cardItem}>
                  <Reveal
                    as="article"
                    className={`${styles.card} ${styles[card.tone]}`}
                    delayMs={index * 120}
                  >
                    <span className={styles.cardIcon} aria-hidden="true">
                      <Icon size={28} />
                    </span>
                    <h3 className={styles.cardTitle}>{card.title}</h3>
                    <p className={styles.cardBody}>{card.body}</p>
                  </Reveal>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section className={`section ${styles.impact}`} aria-labelledby="aportaciones-impact">
        <div className={`container ${styles.impactInner}`}>
          <div className={styles.impactText}>
            <SectionHeading id="aportaciones-impact" title={contributionsImpact.title} />
            {contributionsImpact.paragraphs.map((paragraph) => (
              <p key={paragraph} className={styles.impactParagraph}>
                {paragraph}
              </p>
            ))}
          </div>
          <Illustration className={styles.impactArt} image={contributionsImpact.image} loading="lazy" />
        </div>
      </section>

      <section className={styles.slogan} aria-label="Lema">
        <p className={styles.sloganText}>{contributionsImpact.slogan}</p>
      </section>
    </div>
  );
}
