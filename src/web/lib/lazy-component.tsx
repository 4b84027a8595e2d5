import { lazy, type ComponentType } from 'react';

/**
 * A component whose code loads on demand, with a `load()` that fetches it ahead of time. Once loaded it
 * renders synchronously, so a page whose code was loaded before hydration hydrates without suspending,
 * and the server (which loads everything first) renders it in one pass.
 */
export type PreloadableComponent<P extends object> = ComponentType<P> & { load(): Promise<void> };

const everyComponent = new Set<{ load(): Promise<void> }>();

/**
 * Loads the code of every on-demand component defined so far, and of those their code defines, until
 * nothing new appears. The server does this once, so it renders every page in one pass.
 */
export async function loadEveryComponent(): Promise<void> {
  const done = new Set<{ load(): Promise<void> }>();
  while (done.size < everyComponent.size) {
    const next = [...everyComponent].filter((component) => !done.has(component));
    await Promise.all(next.map((component) => component.load()));
    for (const component of next) done.add(component);
  }
}

export function lazyWithPreload<P extends object>(
  factory: () => Promise<ComponentType<P>>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const load = () => {
    pending ??= factory().then((component) => {
      loaded = component;
    });
    return pending;
  };
  everyComponent.add({ load });
  const Lazy = lazy(async () => {
    await load();
    return { default: loaded! };
  });
  function Preloadable(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { load });
}
