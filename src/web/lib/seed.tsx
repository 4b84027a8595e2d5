import { createContext, useContext, type ReactNode } from 'react';

/**
 * A number in [0, 1) drawn once per page load. Server rendering passes its draw to the browser, so a
 * "random" choice (the featured event) is the same in the HTML and after hydration.
 */
const SeedContext = createContext<number | undefined>(undefined);

export function SeedProvider({ seed, children }: { seed: number; children: ReactNode }) {
  return <SeedContext.Provider value={seed}>{children}</SeedContext.Provider>;
}

export function usePageSeed(): number {
  const seed = useContext(SeedContext);
  return seed ?? 0;
}
