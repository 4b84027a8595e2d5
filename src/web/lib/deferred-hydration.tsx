import { Suspense, createContext, use, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Progressive hydration: a part of a server-rendered page whose code is heavy (a form with its
 * validation) is taken over by the browser only when it comes near the viewport. Until then the
 * server's HTML stays as it is, readable; the code loads then, and React hydrates that part alone.
 */
const DeferContext = createContext(true);

/** The server renders everything at once: it wraps the app in this with `defer={false}`. */
export function DeferredHydrationProvider({ defer, children }: { defer: boolean; children: ReactNode }) {
  return <DeferContext.Provider value={defer}>{children}</DeferContext.Provider>;
}

interface Gate {
  promise: Promise<void>;
  open(): void;
  opened: boolean;
}

function createGate(): Gate {
  let release = () => {};
  const gate: Gate = {
    opened: false,
    promise: new Promise<void>((resolve) => {
      release = resolve;
    }),
    open() {
      gate.opened = true;
      release();
    },
  };
  return gate;
}

function Gated({ gate, children }: { gate: Gate; children: ReactNode }) {
  if (!gate.opened) use(gate.promise);
  return children;
}

// Start loading a little before the part scrolls into view.
const NEAR = '600px 0px';

export interface WhenNearViewportProps {
  /** Loads the part's code. */
  load: () => Promise<void>;
  /** Shown instead when the page was not rendered by the server (a navigation inside the site). */
  fallback: ReactNode;
  children: ReactNode;
  className?: string;
}

export function WhenNearViewport({ load, fallback, children, className }: WhenNearViewportProps) {
  const defer = useContext(DeferContext);
  const host = useRef<HTMLDivElement>(null);
  const [gate] = useState(createGate);

  useEffect(() => {
    if (!defer || gate.opened) return undefined;
    const start = () => {
      load().then(gate.open, (error: unknown) =>
        console.error('No se pudo cargar una parte de la página.', error),
      );
    };
    const element = host.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      start();
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          start();
        }
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [defer, gate, load]);

  if (!defer) return <div className={className}>{children}</div>;
  return (
    <div ref={host} className={className}>
      <Suspense fallback={fallback}>
        <Gated gate={gate}>{children}</Gated>
      </Suspense>
    </div>
  );
}
