import { privacyNotice } from '../../content/privacy.ts';
import styles from './aviso-privacidad-page.module.css';

/** /AvisoDePrivacidad: the full privacy notice both forms link to. */
export function AvisoPrivacidadPage() {
  return (
    <article className={`section ${styles.page}`} aria-labelledby="aviso-title">
      <div className={`container ${styles.inner}`}>
        <h1 id="aviso-title" className="section-title">
          {privacyNotice.title}
        </h1>
        <p className={styles.updated}>Última actualización: {privacyNotice.updated}</p>
        <p className={styles.intro}>{privacyNotice.intro}</p>
        {privacyNotice.sections.map((section) => (
          <section key={section.heading} className={styles.block}>
            <h2 className={styles.heading}>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {'list' in section && (
              <ul>
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </article>
  );
}
