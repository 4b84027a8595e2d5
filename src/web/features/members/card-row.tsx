import { Children, type ReactNode } from 'react';
import { Reveal } from '../../components/reveal.tsx';
import { membersPage } from '../../content/members.ts';
import styles from './members.module.css';

/** The spec's reveal length for the members page. */
const REVEAL_MS = 1200;
const STAGGER_MS = 120;

export interface CardRowProps {
  children: ReactNode;
  /** Names the list for assistive technology, e.g. the heading of its block. */
  labelledBy: string;
  /** Columns from 1024 px up; smaller screens get fewer, and 550 px and below a swipe slider. */
  columns?: 3 | 4;
}

/**
 * A row of cards: a grid on wide screens, a horizontal swipe slider with snap points at 550 px and
 * below. Each card rises into view the first time it is seen.
 */
export function CardRow({ children, labelledBy, columns = 3 }: CardRowProps) {
  return (
    <div className={styles.slider}>
      {/* Only shown where the row becomes a slider; the list itself stays fully readable. */}
      <p className={styles.hint} aria-hidden="true">
        {membersPage.sliderHint} →
      </p>
      <ul
        className={`list-plain ${styles.row} ${columns === 4 ? styles.row4 : ''}`}
        aria-labelledby={labelledBy}
      >
        {Children.toArray(children).map((child, index) => (
          <li key={index} className={styles.slide}>
            <Reveal className={styles.reveal} durationMs={REVEAL_MS} delayMs={(index % columns) * STAGGER_MS}>
              {child}
            </Reveal>
          </li>
        ))}
      </ul>
    </div>
  );
}
