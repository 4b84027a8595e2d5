import { useEffect, useRef } from 'react';
import { useLocation } from '../lib/router.tsx';
import { routeOf } from '../../shared/api-paths.ts';
import { switchToCachedWebFont } from '../../shared/web-font.ts';

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
  const { pathname } = location;
  const served = useRef(pathname);
  const first = useRef(pathname);

  useEffect(() => {
    // The first page keeps the font it was drawn in; the next one is redrawn anyway (decisions 022, 025).
    if (pathname !== first.current)
      switchToCachedWebFont(document.documentElement, () => window.sessionStorage);
  }, [pathname]);

  useEffect(() => {
    // The server named the page it sent; an entry's page (/Noticias/<slug>) names itself after the
    // entry. The titles' code loads with the first move to another page.
    if (pathname === served.current || routeOf(pathname) !== pathname) return;
    served.current = '';
    void import('../content/seo.ts').then(({ documentTitle }) => {
      if (window.location.pathname === pathname) document.title = documentTitle(pathname);
    });
  }, [pathname]);

  useEffect(() => {
    if (location.hash.length > 1) {
      const id = decodeURIComponent(location.hash.slice(1));
      // The jump's code loads with the first address that has a section in it.
      let cancel: (() => void) | undefined;
      let current = true;
      void import('../lib/smooth-scroll.ts').then(({ scrollToSection }) => {
        if (current) cancel = scrollToSection(id, readScrollOffset(location.state));
      });
      return () => {
        current = false;
        cancel?.();
      };
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    return undefined;
  }, [location]);
}
