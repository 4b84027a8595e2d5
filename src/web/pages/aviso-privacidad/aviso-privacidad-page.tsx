import { privacyNotice } from '../../content/privacy.ts';
import styles from './aviso-privacidad-page.module.css';

/** /AvisoDePrivacidad: the full privacy notice every form's short notice links to. */
export function AvisoPrivacidadPage() {
  return (
    <article className={`section ${styles.page}`} aria-labelledby="aviso-title">
      <div className={`container ${styles.inner}`}>
        <h1 id="aviso-title" className="section-title">
          {privacyNotice.title}
        </h1>
        <p className={styles.updated}>
          Versión del <time dateTime={privacyNotice.version}>{privacyNotice.updated}</time>
        </p>
        <p className={styles.intro}>{privacyNotice.intro}</p>
        {privacyNotice.sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            className={styles.block}
            aria-labelledby={`${section.id}-title`}
          >
            <h2 id={`${section.id}-title`} className={styles.heading}>
              {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.list ? (
              <ul>
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
            {section.link ? (
              <p>
                <a href={section.link.to} className={styles.link}>
                  {section.link.text}
                </a>
              </p>
            ) : null}
          </section>
        ))}
      </div>
    </article>
  );
}
