import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/** A rate-limit counter store as @fastify/rate-limit calls it. */
interface Store {
  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  read?(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  child(routeOptions: Record<string, unknown>): Store;
}
type StoreCallback = (error: Error | null, result: { current: number; ttl: number } | null) => void;
type StoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;

// The plugin's own stores: the shared one in Redis and the one in this instance's memory.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass;

/** Where the rate limits count right now: in Redis (shared by every instance) or in this one's memory. */
export interface LimitsWhere {
  /** 'shared' while Redis answers, 'local' when it is not configured or has just failed. */
  readonly counting: 'shared' | 'local';
}

/**
 * Counts in Redis while it answers and in this instance's memory when it does not, so a limit never
 * fails open: with Redis away each instance allows `max` on its own (more than together, never
 * unlimited). Says so once when it falls back and once when Redis answers again.
 */
class SharedOrLocalStore implements Store {
  readonly #shared: Store;
  readonly #local: Store;
  readonly #status: RedisStatus;

  constructor(shared: Store, local: Store, status: RedisStatus) {
    this.#shared = shared;
    this.#local = local;
    this.#status = status;
  }

  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    this.#shared.incr(
      key,
      (error, result) => {
        if (!error) {
          this.#status.answered();
          return callback(null, result);
        }
        this.#status.failed(error);
        this.#local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  read(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    const local = () => this.#local.read?.(key, callback, timeWindow, max) ?? callback(null, null);
    if (!this.#shared.read) return local();
    this.#shared.read(
      key,
      (error, result) => {
        if (error) return local();
        callback(null, result);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Record<string, unknown>): Store {
    return new SharedOrLocalStore(
      this.#shared.child(routeOptions),
      this.#local.child(routeOptions),
      this.#status,
    );
  }
}

class RedisStatus implements LimitsWhere {
  counting: 'shared' | 'local' = 'shared';
  readonly #onChange: (counting: 'shared' | 'local', error?: Error) => void;

  constructor(onChange: (counting: 'shared' | 'local', error?: Error) => void) {
    this.#onChange = onChange;
  }

  answered() {
    if (this.counting === 'shared') return;
    this.counting = 'shared';
    this.#onChange('shared');
  }

  failed(error: Error) {
    if (this.counting === 'local') return;
    this.counting = 'local';
    this.#onChange('local', error);
  }
}

/**
 * The store option of @fastify/rate-limit for counters in Redis with the fallback above, and where it
 * counts now (for the log and /api/health).
 */
export function sharedOrLocalStore(
  redis: Redis,
  nameSpace: string,
  onChange: (counting: 'shared' | 'local', error?: Error) => void,
): { store: FastifyRateLimitStoreCtor; where: LimitsWhere } {
  const status = new RedisStatus(onChange);
  class Configured {
    constructor(
      params: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean },
    ) {
      const continueExceeding = Boolean(params.continueExceeding);
      const exponentialBackoff = Boolean(params.exponentialBackoff);
      const shared = new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
      const local = new LocalStore(continueExceeding, exponentialBackoff);
      // The plugin takes the store a constructor makes; this one hands over the store with its fallback.
      return new SharedOrLocalStore(shared, local, status);
    }
  }
  return { store: Configured as unknown as FastifyRateLimitStoreCtor, where: status };
}
