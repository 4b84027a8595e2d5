import { SECTION_OFFSET_HEADER } from '../../shared/constants.ts';

export type SpySection = 'Eventos' | 'Noticias';

/**
 * Which home-page menu entry to highlight. `position` is the scroll offset plus the header offset, so a
 * section counts as reached when the menu's own jump would land on it. Eventos is highlighted from the
 * Eventos section until the Noticias section starts; Noticias from there down; otherwise nothing.
 */
export function activeSpySection(
  scrollY: number,
  eventsTop: number | undefined,
  newsTop: number | undefined,
  offset: number = SECTION_OFFSET_HEADER,
): SpySection | null {
  const position = scrollY + offset;
  if (newsTop !== undefined && position >= newsTop) return 'Noticias';
  if (eventsTop !== undefined && position >= eventsTop && (newsTop === undefined || position < newsTop)) {
    return 'Eventos';
  }
  return null;
}
