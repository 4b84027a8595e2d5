import { prefersReducedMotion } from '../components/motion.ts';
import { SECTION_OFFSET_HEADER, SECTION_SCROLL_DELAY_MS } from '../../shared/constants.ts';

/** How long to keep looking for a section that renders after its data arrives. */
const FIND_TIMEOUT_MS = 3000;
const FIND_INTERVAL_MS = 100;
/** How long the jump keeps its target in place while content above it is still loading. */
const SETTLE_MS = 2500;
const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** The document offset that puts an element `offset` pixels below the top of the viewport. */
export function sectionScrollTop(elementTopInViewport: number, scrollY: number, offset: number): number {
  return Math.max(0, Math.round(elementTopInViewport + scrollY - offset));
}

/**
 * After the spec's 200 ms delay, scrolls smoothly so the element with `id` sits `offset` px below the
 * top of the viewport (160 px under the header, 60 px for the footer and the membership form).
 * Browser only; returns a function that cancels a pending scroll.
 */
export function scrollToSection(
  id: string,
  offset: number = SECTION_OFFSET_HEADER,
  delayMs: number = SECTION_SCROLL_DELAY_MS,
): () => void {
  if (typeof window === 'undefined' || typeof document === 'undefined') return () => {};
  let timer: number | undefined;
  let stopSettling = () => {};
  let waited = 0;
  const targetTop = (element: HTMLElement) =>
    sectionScrollTop(element.getBoundingClientRect().top, window.scrollY, offset);

  // Lists above the section (events, news) may arrive after the jump and push it down; follow it
  // until the page settles, unless the visitor takes over.
  const keepInPlace = (element: HTMLElement) => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const top = targetTop(element);
      if (Math.abs(top - window.scrollY) > 2) window.scrollTo({ top, behavior: 'auto' });
    });
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(deadline);
      for (const type of USER_INPUT) window.removeEventListener(type, stop);
    };
    observer.observe(document.body);
    const deadline = window.setTimeout(stop, SETTLE_MS);
    for (const type of USER_INPUT) window.addEventListener(type, stop, { passive: true, once: true });
    stopSettling = stop;
  };

  const attempt = () => {
    const element = document.getElementById(id);
    if (!element) {
      waited += FIND_INTERVAL_MS;
      if (waited <= FIND_TIMEOUT_MS) timer = window.setTimeout(attempt, FIND_INTERVAL_MS);
      return;
    }
    window.scrollTo({ top: targetTop(element), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    keepInPlace(element);
  };
  timer = window.setTimeout(attempt, delayMs);
  return () => {
    window.clearTimeout(timer);
    stopSettling();
  };
}
