import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * False on the server and while the browser hydrates the server's HTML, true from the next render on.
 * What differs between the two (a value the browser computes) can then change after hydration instead
 * of breaking it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNothing, inBrowser, onServer);
}
