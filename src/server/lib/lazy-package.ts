import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded the first time it is needed, not at start: a small server on SQLite without Redis
 * never loads the PostgreSQL or Redis clients, and one that converts no image never loads libvips,
 * each some megabytes of memory for the life of the process. The packages named here are CommonJS,
 * so they load synchronously.
 */
export function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
