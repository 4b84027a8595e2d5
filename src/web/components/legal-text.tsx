import type { ReactNode } from 'react';
import styles from './legal-text.module.css';

/** A page of text the association owes its visitors: a narrow column of cards on the soft ground. */
export function LegalText({
  titleId,
  title,
  children,
}: {
  titleId: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className={`section ${styles.page}`} aria-labelledby={titleId}>
      <div className={`container ${styles.inner}`}>
        <h1 id={titleId} className="section-title">
          {title}
        </h1>
        {children}
      </div>
    </article>
  );
}

/** One part of such a text, on its own card, named by its heading. */
export function LegalSection({
  id,
  heading,
  children,
}: {
  id: string;
  heading: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} className={styles.block} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.heading}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** The class of a link that leads on from such a text. */
export const LEGAL_LINK_CLASS = styles.link;
