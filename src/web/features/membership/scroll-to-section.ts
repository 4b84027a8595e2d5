import { SECTION_OFFSET_FOOTER, SECTION_SCROLL_DELAY_MS } from '../../../shared/constants.ts';

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Scrolls to the element with `id` after the spec's short delay, stopping `offset` pixels above it.
 * Smooth unless the visitor asked for reduced motion. Returns a function that cancels a pending jump.
 */
export function scrollToSection(
  id: string,
  {
    offset = SECTION_OFFSET_FOOTER,
    delay = SECTION_SCROLL_DELAY_MS,
  }: { offset?: number; delay?: number } = {},
): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const timer = window.setTimeout(() => {
    const target = document.getElementById(id);
    if (!target) return;
    const top = target.getBoundingClientRect().top + window.scrollY - offset;
    window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, delay);
  return () => window.clearTimeout(timer);
}
