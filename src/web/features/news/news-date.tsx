import { MONTH_NAMES, clock } from '../../../shared/clock.ts';

/** "11 de enero de 2027": the day a news item became public, on the association's clock. */
export function newsDay(publishedAt: string): string {
  const wall = clock.wallTime(publishedAt);
  if (!wall) return '';
  return `${wall.day} de ${MONTH_NAMES[wall.month - 1]!.toLocaleLowerCase('es-MX')} de ${wall.year}`;
}

/** The date a news item was published, as a <time> element; nothing when it has none. */
export function NewsDate({
  publishedAt,
  className,
}: {
  publishedAt: string | undefined;
  className?: string;
}) {
  const day = publishedAt ? newsDay(publishedAt) : '';
  if (!publishedAt || !day) return null;
  return (
    <time className={className} dateTime={clock.isoWithOffset(publishedAt)}>
      {day}
    </time>
  );
}
