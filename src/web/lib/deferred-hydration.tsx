import { Suspense, createContext, use, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { isPlainClick } from './plain-click.ts';

/**
 * Progressive hydration: a part of a server-rendered page is taken over by the browser only when it
 * comes near the viewport. Until then the server's HTML stays as it is (readable, links working); the
 * part's code loads then, and React hydrates that part alone. A button pressed or a form sent before
 * that moment is not lost: it is held, and replayed once the part is live.
 */
const DeferContext = createContext(true);

// True while the browser hydrates the first page the server sent. Parts that mount after that (a
// navigation inside the site) load at once: only the first page's hydration is worth spreading out.
// A flag rather than state, so that ending it causes no update to parts still waiting to hydrate.
let initialHydration = true;

/** Called once the first page has hydrated, or when the browser renders without server HTML. */
export function endInitialHydration() {
  initialHydration = false;
}

/** The server renders everything at once: it wraps the app in this with `defer={false}`. */
export function DeferredHydrationProvider({ defer, children }: { defer: boolean; children: ReactNode }) {
  return <DeferContext.Provider value={defer}>{children}</DeferContext.Provider>;
}

interface Gate {
  promise: Promise<void>;
  opened: boolean;
  live: boolean;
  open(): void;
}

function createGate(): Gate {
  let release = () => {};
  const gate: Gate = {
    opened: false,
    live: false,
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

/** Runs `onLive` once the part around it has been committed (hydrated or rendered). */
function LiveSignal({ onLive }: { onLive: () => void }) {
  useEffect(onLive, [onLive]);
  return null;
}

// Start loading a little before the part scrolls into view.
const NEAR = '200px 0px';

export interface WhenNearViewportProps {
  /** Loads the part's code. */
  load: () => Promise<void>;
  /** Shown instead while loading when the page was not rendered by the server (a navigation in the site). */
  fallback: ReactNode;
  children: ReactNode;
  className?: string;
}

export function WhenNearViewport({ load, fallback, children, className }: WhenNearViewportProps) {
  const defer = useContext(DeferContext);
  const host = useRef<HTMLDivElement>(null);
  // On the server the part renders at once; the tree has the same shape (a Suspense boundary) either
  // way, so the browser's hydration matches the server's HTML.
  const [gate] = useState(() => {
    const created = createGate();
    if (!defer || !initialHydration) created.open();
    return created;
  });
  const held = useRef<Array<{ click: HTMLElement } | { submit: HTMLFormElement }>>([]);

  const [onLive] = useState(() => () => {
    gate.live = true;
    const pending = held.current;
    held.current = [];
    // One at a time, letting React render between them, as if the visitor had pressed them now.
    void pending.reduce<Promise<void>>(
      (previous, action) =>
        previous.then(
          () =>
            new Promise<void>((resolve) => {
              setTimeout(() => {
                if ('submit' in action) action.submit.requestSubmit();
                else action.click.click();
                resolve();
              }, 0);
            }),
        ),
      Promise.resolve(),
    );
  });

  useEffect(() => {
    if (!defer || gate.opened) return undefined;
    const element = host.current;
    const start = () => {
      if (gate.opened) return;
      load().then(gate.open, (error: unknown) =>
        console.error('No se pudo cargar una parte de la página.', error),
      );
    };
    if (!element) {
      start();
      return undefined;
    }
    // Until the part is live, hold the visitor's presses and sends, and start loading at once. The
    // listeners sit on the document, ahead of React's own: React stops events aimed at a part it
    // cannot hydrate yet.
    const holdClick = (event: MouseEvent) => {
      if (gate.live || !(event.target instanceof Element)) return;
      // A link that opens a dialog on a plain click ("Leer más") is held like a button, and so is a
      // link to another place of the site (once live it moves without a reload, to the section's
      // offset); with a modifier key the browser opens its address, as it will once the part is live.
      const button = event.target.closest<HTMLElement>(
        'button, [role="button"], input[type="submit"], a[aria-haspopup="dialog"], a[href^="/"]:not([target])',
      );
      if (!button || !element.contains(button)) return;
      if (button instanceof HTMLAnchorElement && !isPlainClick(event)) return;
      event.preventDefault();
      event.stopPropagation();
      held.current.push({ click: button });
      start();
    };
    const holdSubmit = (event: SubmitEvent) => {
      if (gate.live || !(event.target instanceof HTMLFormElement) || !element.contains(event.target)) return;
      event.preventDefault();
      event.stopPropagation();
      held.current.push({ submit: event.target });
      start();
    };
    document.addEventListener('click', holdClick, true);
    document.addEventListener('submit', holdSubmit, true);
    // A visitor who starts scrolling is on the way down: that is reason enough to load.
    window.addEventListener('scroll', start, { once: true, passive: true });
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? undefined
        : new IntersectionObserver(
            (entries) => {
              if (entries.some((entry) => entry.isIntersecting)) start();
            },
            { rootMargin: NEAR },
          );
    if (observer) observer.observe(element);
    else start();
    return () => {
      observer?.disconnect();
      document.removeEventListener('click', holdClick, true);
      document.removeEventListener('submit', holdSubmit, true);
      window.removeEventListener('scroll', start);
    };
  }, [defer, gate, load]);

  return (
    <div ref={host} className={className}>
      <Suspense fallback={fallback}>
        <Gated gate={gate}>
          {children}
          <LiveSignal onLive={onLive} />
        </Gated>
      </Suspense>
    </div>
  );
}
