import { useEffect, useRef, useState, type CSSProperties, type ElementType, type ReactNode } from 'react';
import { prefersReducedMotion } from './motion.ts';
import './reveal.css';

/** Share of the element that must be visible before it is revealed (spec: 10%). */
export const REVEAL_THRESHOLD = 0.1;

/**
 * Becomes true once the element is at least 10% visible, and stays true. Without IntersectionObserver,
 * or when the visitor prefers reduced motion, it is true right away.
 */
export function useReveal<T extends Element>() {
  const ref = useRef<T>(null);
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined' || prefersReducedMotion()) {
      // Synchronous reveal when nothing can observe; deferred so it never runs during a render pass.
      const id = window.setTimeout(() => setRevealed(true), 0);
      return () => window.clearTimeout(id);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setRevealed(true);
          observer.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, revealed };
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

/** Fades its content in (and lifts it) the first time 10% of it scrolls into view. */
export function Reveal({
  as: Element = 'div',
  children,
  className,
  durationMs,
  delayMs,
  effect = 'rise',
  id,
}: RevealProps) {
  const { ref, revealed } = useReveal<HTMLElement>();
  const style = {
    ...(durationMs !== undefined ? { '--reveal-duration': `${durationMs}ms` } : {}),
    ...(delayMs !== undefined ? { '--reveal-delay': `${delayMs}ms` } : {}),
  } as CSSProperties;
  return (
    <Element
      ref={ref}
      id={id}
      className={['reveal', `reveal--${effect}`, revealed ? 'is-revealed' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      style={style}
    >
      {children}
    </Element>
  );
}
