import { ArrowDown, ArrowRight, HeartHandshake, Sprout, UsersRound } from 'lucide-react';
import { pagePaths } from '../../../shared/api-paths.ts';
import { SECTION_OFFSET_FOOTER } from '../../../shared/constants.ts';
import { ButtonLink } from '../../components/button.tsx';
import { Reveal } from '../../components/reveal.tsx';
import { SectionHeading } from '../../components/section-heading.tsx';
import { Illustration } from '../../components/illustration.tsx';
import { identity } from '../../content/identity.ts';
import {
  membershipContactBanner,
  membershipDescription,
  membershipEndBanner,
  membershipHero,
} from '../../content/membership.ts';
import { useMembershipFees } from '../../features/membership/membership-fees.tsx';
import { MembershipPlans } from '../../features/membership/membership-plans.tsx';
import { lazyWithPreload } from '../../lib/lazy-component.tsx';
import styles from './membresias-page.module.css';

// The form (and its validation) loads the first time a visitor opens it.
const MembershipRequestForm = lazyWithPreload(() =>
  import('../../features/request-form/membership-request-form.tsx').then((m) => m.MembershipRequestForm),
);

const FORMS_SECTION_ID = 'form-members';
const FORMS_HEADING_ID = 'form-members-title';
const BANNER_REVEAL_MS = 1200;
/** The site's fragment handling scrolls there smoothly after 200 ms, stopping 60 px above it. */
const formsJumpState = { scrollOffset: SECTION_OFFSET_FOOTER };
const highlightIcons = [HeartHandshake, UsersRound, Sprout] as const;

/** /Membresias: why to join, the three plans with the request form, and two closing banners. */
export function MembresiasPage() {
  const fees = useMembershipFees();
  return (
    <div id="Membresia" className={styles.page}>
      <section className={styles.hero} aria-labelledby="membresias-title">
        <div className={`container ${styles.heroInner}`}>
          <Reveal className={styles.heroText} durationMs={BANNER_REVEAL_MS}>
            <span className={styles.heroEyebrow}>{membershipHero.eyebrow}</span>
            <h1 id="membresias-title" className={styles.heroTitle}>
              {membershipHero.title}
            </h1>
            <p className={styles.heroTagline}>{membershipHero.tagline}</p>
            <ButtonLink
              to={{ pathname: pagePaths.membresias, hash: `#${FORMS_SECTION_ID}` }}
              variant="accent"
              size="lg"
              iconEnd={<ArrowDown />}
              state={formsJumpState}
            >
              {membershipHero.cta}
            </ButtonLink>
          </Reveal>
          <Reveal className={styles.heroArt} durationMs={BANNER_REVEAL_MS} delayMs={150} effect="fade">
            <Illustration image={membershipHero.image} fetchPriority="high" />
          </Reveal>
        </div>
      </section>

      <section className={`section ${styles.description}`} aria-labelledby="membresias-description">
        <div className={`container ${styles.descriptionInner}`}>
          <Illustration
            className={styles.descriptionArt}
            image={membershipDescription.image}
            loading="lazy"
          />
          <div className={styles.descriptionText}>
            <SectionHeading
              id="membresias-description"
              title={membershipDescription.title}
              eyebrow={membershipDescription.eyebrow}
            />
            {membershipDescription.paragraphs.map((paragraph) => (
              <p key={paragraph} className={styles.lead}>
                {paragraph}
              </p>
            ))}
            <ul className={styles.highlights}>
              {membershipDescription.highlights.map((highlight, index) => {
                const Icon = highlightIcons[index % highlightIcons.length] ?? HeartHandshake;
                return (
                  <li key={highlight.title} className={styles.highlight}>
                    <span className={styles.highlightIcon} aria-hidden="true">
                      <Icon size={24} />
                    </span>
                    <h3 className={styles.highlightTitle}>{highlight.title}</h3>
                    <p className={styles.highlightText}>{highlight.text}</p>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      </section>

      <section
        id={FORMS_SECTION_ID}
        className={`section ${styles.forms}`}
        aria-labelledby={FORMS_HEADING_ID}
        tabIndex={-1}
      >
        <div className="container">
          <MembershipPlans
            associationName={identity.name}
            headingId={FORMS_HEADING_ID}
            requestForm={MembershipRequestForm}
            fees={fees.data}
          />
        </div>
      </section>

      <section className={styles.endBanner} aria-labelledby="membresias-end">
        <Illustration className={styles.endArt} image={membershipEndBanner.image} loading="lazy" />
        <Reveal className={`container ${styles.endInner}`} durationMs={BANNER_REVEAL_MS}>
          <h2 id="membresias-end" className={styles.endTitle}>
            {membershipEndBanner.title}
          </h2>
          <p className={styles.endText}>{membershipEndBanner.invitation(identity.name)}</p>
        </Reveal>
      </section>

      <section className={`section ${styles.contact}`} aria-labelledby="membresias-contact">
        <div className="container">
          <div className={styles.contactInner}>
            <div className={styles.contactText}>
              <h2 id="membresias-contact" className={styles.contactTitle}>
                {membershipContactBanner.title}
              </h2>
              <p>{membershipContactBanner.text}</p>
            </div>
            <ButtonLink
              to={{ pathname: pagePaths.inicio, hash: '#Mision' }}
              variant="light"
              size="lg"
              iconEnd={<ArrowRight />}
            >
              {membershipContactBanner.cta}
              <span className="sr-only"> {membershipContactBanner.ctaContext}</span>
            </ButtonLink>
          </div>
        </div>
      </section>
    </div>
  );
}
