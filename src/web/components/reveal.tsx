import { useEffect, useRef, useState, type CSSProperties, type ElementType, type ReactNode } from 'react';
import { prefersReducedMotion } from './motion.ts';
import './reveal.css';

/** Share of the element that must be visible before it is revealed (spec: 10%). */
export const REVEAL_THRESHOLD = 0.1;

/** Where a revealed block stands: as the server sent it, hidden until it is reached, or revealed. */
export type RevealPhase = 'shown' | 'waiting' | 'revealed';

/**
 * A block starts as the server rendered it: visible. Once scripts run, a block that is still below the
 * visible part of the page is hidden, and fades in the first time 10% of it scrolls into view. What the
 * reader can already see when the page comes alive stays as it is, so the first view never waits for
 * the scripts to appear (and never blinks). Without IntersectionObserver, or when the visitor prefers
 * reduced motion, nothing is ever hidden.
 */
export function useReveal<T extends Element>() {
  const ref = useRef<T>(null);
  const [phase, setPhase] = useState<RevealPhase>('shown');
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined' || prefersReducedMotion()) return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;
    setPhase('waiting');
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setPhase('revealed');
          observer.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, phase };
}

export interface RevealProps {
  as?: ElementType;
  children: ReactNode;
  className?: string;
  /** Animation length; the spec uses 1200 ms for banners and 2000 ms for the contact section. */
  durationMs?: number;
  /** Delay before the animation, e.g. to stagger cards. */
  delayMs?: number;
  /** "rise" fades in while moving up; "fade" only fades. */
  effect?: 'rise' | 'fade';
  id?: string;
}

/** Fades its content in (and lifts it) the first time 10% of it scrolls into view, if it was out of view. */
export function Reveal({
  as: Element = 'div',
  children,
  className,
  durationMs,
  delayMs,
  effect = 'rise',
  id,
}: RevealProps) {
  const { ref, phase } = useReveal<HTMLElement>();
  const style = {
    ...(durationMs !== undefined ? { '--reveal-duration': `${durationMs}ms` } : {}),
    ...(delayMs !== undefined ? { '--reveal-delay': `${delayMs}ms` } : {}),
  } as CSSProperties;
  return (
    <Element
      ref={ref}
      id={id}
      className={['reveal', `reveal--${effect}`, phase === 'shown' ? '' : `is-${phase}`, className ?? '']
        .filter(Boolean)
        .join(' ')}
      style={style}
    >
      {children}
    </Element>
  );
}
