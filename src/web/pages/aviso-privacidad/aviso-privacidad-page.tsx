import { LEGAL_LINK_CLASS, LegalSection, LegalText } from '../../components/legal-text.tsx';
import { privacyNotice } from '../../content/privacy.ts';
import styles from './aviso-privacidad-page.module.css';

/** /AvisoDePrivacidad: the full privacy notice every form's short notice links to. */
export function AvisoPrivacidadPage() {
  return (
    <LegalText titleId="aviso-title" title={privacyNotice.title}>
      <p className={styles.updated}>
        Versión del <time dateTime={privacyNotice.version}>{privacyNotice.updated}</time>
      </p>
      <p className={styles.intro}>{privacyNotice.intro}</p>
      {privacyNotice.sections.map((section) => (
        <LegalSection key={section.id} id={section.id} heading={section.heading}>
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
              <a href={section.link.to} className={LEGAL_LINK_CLASS}>
                {section.link.text}
              </a>
            </p>
          ) : null}
        </LegalSection>
      ))}
    </LegalText>
  );
}
