import { useEffect } from 'react';
import { useLocation } from '../lib/router.tsx';
import { routeOf } from '../../shared/api-paths.ts';
import { documentTitle } from '../content/seo.ts';
import { scrollToSection } from '../lib/smooth-scroll.ts';

/** State a link may pass to choose the jump offset (the footer and the membership form use 60 px). */
export interface ScrollState {
  scrollOffset?: number;
}

function readScrollOffset(state: unknown): number | undefined {
  if (state && typeof state === 'object' && 'scrollOffset' in state) {
    const value = (state as ScrollState).scrollOffset;
    return typeof value === 'number' ? value : undefined;
  }
  return undefined;
}

/**
 * After every completed navigation: set the page title, then either jump to the fragment's section
 * (smoothly, after the spec's delay, with the link's offset) or go back to the top of the page.
 */
export function useRouteEffects() {
  const location = useLocation();

  useEffect(() => {
    // An entry's page (/Noticias/<slug>) names itself after the entry.
    if (routeOf(location.pathname) === location.pathname) document.title = documentTitle(location.pathname);
  }, [location.pathname]);

  useEffect(() => {
    if (location.hash.length > 1) {
      const id = decodeURIComponent(location.hash.slice(1));
      return scrollToSection(id, readScrollOffset(location.state));
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    return undefined;
  }, [location]);
}
