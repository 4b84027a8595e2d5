import type { Plugin } from 'vite';

const COPY = '?admin-copy';
const POLYFILL = 'vite/modulepreload-polyfill';
const NO_POLYFILL = '\0admin-no-modulepreload-polyfill';
// Vite's helper for dynamic imports: shared, it would become a chunk that the public entry imports too.
const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * Two entries of one build share every module they both import, and a shared ES module keeps the
 * union of what both use: the admin's larger use of the router and of TanStack Query would then
 * grow the public pages' first load. This gives the admin entry its own copy of every module it
 * reaches (the public pages and the admin never run in the same document), so the public entry's
 * chunks come out exactly as if the admin did not exist.
 */
export function isolateEntry(entryDir: string): Plugin {
  const fromEntry = (importer: string) => importer.includes(COPY) || importer.startsWith(entryDir);
  return {
    name: 'isolate-admin-entry',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source === PRELOAD_HELPER && importer && fromEntry(importer)) return PRELOAD_HELPER + COPY;
      if (!importer || source.includes(COPY) || source.startsWith('\0') || !fromEntry(importer)) return null;
      if (options.isEntry) return null;
      // Shared, the polyfill would become a chunk of its own; the browsers the admin needs have modulepreload.
      if (source === POLYFILL) return NO_POLYFILL;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.startsWith('\0') || resolved.id.includes('?')) {
        return resolved;
      }
      if (resolved.id.startsWith(entryDir)) return resolved;
      return { ...resolved, id: resolved.id + COPY };
    },
    async load(id) {
      if (id === NO_POLYFILL) return 'export {};';
      if (id === PRELOAD_HELPER + COPY) return (await this.load({ id: PRELOAD_HELPER })).code ?? null;
      return null;
    },
  };
}
