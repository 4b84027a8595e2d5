import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

/**
 * The public site's server state: three read-only lists that the server already puts in each page.
 * A small cache keyed like TanStack Query (which the admin uses through react-admin) is all it needs;
 * see docs/decisions/004-small-query-cache-on-the-public-site.md.
 */
export type QueryKey = readonly string[];

interface Entry {
  data?: unknown;
  error?: unknown;
  /** When data was last stored (ms); 0 before that. */
  dataUpdatedAt: number;
  /** When the last failure happened (ms); 0 if none. */
  errorUpdatedAt: number;
  fetching?: Promise<void>;
}

export interface QueryOptions<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  /** How long loaded data is fresh: no new request within it. */
  staleTime?: number;
  /** Extra attempts after a failure. */
  retry?: number;
}

export interface QueryResult<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  errorUpdatedAt: number;
}

/** What the server hands the browser: the data of each query, by key. */
export type DehydratedQueries = Record<string, unknown>;

const hashKey = (key: QueryKey) => JSON.stringify(key);
const RETRY_DELAY_MS = 1_000;

export class QueryCache {
  readonly #entries = new Map<string, Entry>();
  readonly #listeners = new Map<string, Set<() => void>>();

  constructor(initial: DehydratedQueries = {}) {
    for (const [hash, data] of Object.entries(initial)) this.#entries.set(hash, this.#fresh(data));
  }

  #fresh(data: unknown): Entry {
    return { data, dataUpdatedAt: Date.now(), errorUpdatedAt: 0 };
  }

  #notify(hash: string) {
    for (const listener of this.#listeners.get(hash) ?? []) listener();
  }

  entry(key: QueryKey): Entry | undefined {
    return this.#entries.get(hashKey(key));
  }

  setQueryData(key: QueryKey, data: unknown) {
    const hash = hashKey(key);
    this.#entries.set(hash, this.#fresh(data));
    this.#notify(hash);
  }

  subscribe(key: QueryKey, listener: () => void): () => void {
    const hash = hashKey(key);
    const listeners = this.#listeners.get(hash) ?? new Set();
    listeners.add(listener);
    this.#listeners.set(hash, listeners);
    return () => listeners.delete(listener);
  }

  /** Loads a query unless its data is fresh or a load is under way; failures are kept, not thrown. */
  fetch<T>({ queryKey, queryFn, staleTime = 0, retry = 1 }: QueryOptions<T>): Promise<void> {
    const hash = hashKey(queryKey);
    const current = this.#entries.get(hash);
    if (current?.fetching) return current.fetching;
    if (current && current.dataUpdatedAt > 0 && Date.now() - current.dataUpdatedAt < staleTime) {
      return Promise.resolve();
    }
    const attempt = async (left: number): Promise<T> => {
      try {
        return await queryFn();
      } catch (error) {
        if (left <= 0) throw error;
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
        return attempt(left - 1);
      }
    };
    const fetching = attempt(retry).then(
      (data) => {
        this.#entries.set(hash, this.#fresh(data));
        this.#notify(hash);
      },
      (error: unknown) => {
        const previous = this.#entries.get(hash);
        this.#entries.set(hash, {
          data: previous?.data,
          dataUpdatedAt: previous?.dataUpdatedAt ?? 0,
          error,
          errorUpdatedAt: Date.now(),
        });
        this.#notify(hash);
      },
    );
    this.#entries.set(hash, { ...(current ?? { dataUpdatedAt: 0, errorUpdatedAt: 0 }), fetching });
    this.#notify(hash);
    return fetching;
  }

  /** The data of every loaded query, for the page's initial-data block. */
  dehydrate(): DehydratedQueries {
    const out: DehydratedQueries = {};
    for (const [hash, entry] of this.#entries) if (entry.dataUpdatedAt > 0) out[hash] = entry.data;
    return out;
  }
}

const QueryCacheContext = createContext<QueryCache | undefined>(undefined);

export function QueryCacheProvider({ cache, children }: { cache: QueryCache; children: ReactNode }) {
  return <QueryCacheContext.Provider value={cache}>{children}</QueryCacheContext.Provider>;
}

function useQueryCache(): QueryCache {
  const cache = useContext(QueryCacheContext);
  if (!cache) throw new Error('useQuery needs a QueryCacheProvider');
  return cache;
}

/** Reads a query from the cache and loads it when it has no fresh data. */
export function useQuery<T>(options: QueryOptions<T>): QueryResult<T> {
  const cache = useQueryCache();
  const { queryKey } = options;
  const hash = hashKey(queryKey);
  // The key's text is the identity; arrays built in render would otherwise change every time.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const subscribe = useCallback((listener: () => void) => cache.subscribe(queryKey, listener), [cache, hash]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const read = useCallback(() => cache.entry(queryKey), [cache, hash]);
  const entry = useSyncExternalStore(subscribe, read, read);

  useEffect(() => {
    void cache.fetch(options);
    // Load once per key; the options object is rebuilt on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cache, hash]);

  const hasData = Boolean(entry && entry.dataUpdatedAt > 0);
  const failed = Boolean(entry && entry.errorUpdatedAt > 0 && !entry.fetching);
  return {
    data: entry?.data as T | undefined,
    error: failed ? entry?.error : null,
    isPending: !hasData && !failed,
    isError: failed,
    errorUpdatedAt: entry?.errorUpdatedAt ?? 0,
  };
}
