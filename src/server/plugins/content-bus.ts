import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type * as IORedis from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { lazyPackage } from '../lib/lazy-package.ts';
import { resources, type Resource } from '../../shared/api-paths.ts';
import { CONNECT_TIMEOUT_MS } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/**
 * Tells the other instances of the site that content changed, so each drops what it rendered from
 * the old content at once rather than when its cache expires. Redis pub/sub when REDIS_URL is set,
 * otherwise PostgreSQL's LISTEN/NOTIFY; with neither (one process on SQLite) there is nobody to tell.
 * A lost connection may have lost messages too, so once it is back every resource counts as changed.
 */
export interface ContentBus {
  readonly transport: 'redis' | 'postgres';
  /** Tells the others; never throws (a change that cannot be told shows there when caches expire). */
  publish(resource: Resource): void;
  /** Resolves once the subscription is live. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface ContentBusOptions {
  redisUrl?: string;
  /** The PostgreSQL URL and database, when the database is PostgreSQL. */
  postgres?: { url: string; db: Kysely<Database> };
  /** PostgreSQL schema in use (tests): instances on other schemas are other sites. */
  schema?: string;
  log: FastifyBaseLogger;
  /** Called for a change made by another instance. */
  onRemoteChange(resource: Resource): void;
}

const RECONNECT_MS = 1_000;
const loadRedis = lazyPackage<typeof IORedis>('ioredis');
const loadPg = lazyPackage<typeof pg>('pg');

interface Message {
  origin: string;
  resource: Resource;
}

function parse(raw: string): Message | undefined {
  try {
    const message = JSON.parse(raw) as Partial<Message>;
    if (typeof message.origin !== 'string') return undefined;
    if (!resources.includes(message.resource as Resource)) return undefined;
    return message as Message;
  } catch {
    return undefined;
  }
}

export function createContentBus(options: ContentBusOptions): ContentBus | undefined {
  if (options.redisUrl) return redisBus(options.redisUrl, options);
  if (options.postgres) return postgresBus(options.postgres, options);
  return undefined;
}

/** Hands messages from the others to the listener, and a resubscription as "all changed". */
function receiver(options: ContentBusOptions, origin: string) {
  return {
    message(raw: string) {
      const message = parse(raw);
      if (message && message.origin !== origin) options.onRemoteChange(message.resource);
    },
    missedSome() {
      for (const resource of resources) options.onRemoteChange(resource);
    },
  };
}

function redisBus(url: string, options: ContentBusOptions): ContentBus {
  const origin = randomUUID();
  const channel = `site:content-changed${options.schema ? `:${options.schema}` : ''}`;
  const receive = receiver(options, origin);
  const connection = { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: true };
  const RedisClient = loadRedis().Redis;
  const subscriber: Redis = new RedisClient(url, connection);
  const publisher: Redis = new RedisClient(url, { ...connection, enableOfflineQueue: false });
  let subscribedOnce = false;
  for (const client of [subscriber, publisher]) {
    client.on('error', (error) => options.log.warn({ err: error }, 'content change bus: redis unavailable'));
  }
  subscriber.on('message', (_channel: string, raw: string) => receive.message(raw));
  // ioredis subscribes again by itself after a reconnection; what was published meanwhile is gone.
  subscriber.on('ready', () => {
    if (subscribedOnce) receive.missedSome();
  });
  const subscribed = subscriber
    .connect()
    .then(() => subscriber.subscribe(channel))
    .then(() => {
      subscribedOnce = true;
    })
    .catch((error: unknown) => options.log.warn({ err: error }, 'content change bus: cannot subscribe yet'));
  void publisher.connect().catch(() => {});

  return {
    transport: 'redis',
    publish(resource) {
      publisher
        .publish(channel, JSON.stringify({ origin, resource } satisfies Message))
        .catch((error: unknown) =>
          options.log.warn({ err: error }, 'content change not told to other instances'),
        );
    },
    ready: () => subscribed,
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

function postgresBus(
  { url, db }: { url: string; db: Kysely<Database> },
  options: ContentBusOptions,
): ContentBus {
  const origin = randomUUID();
  // A channel name is an identifier: at most 63 bytes, quoted where it is used.
  const channel = `site_content_changed${options.schema ? `_${options.schema}` : ''}`.slice(0, 63);
  const receive = receiver(options, origin);
  let closed = false;
  let listener: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let listenedOnce = false;
  let resolveReady: () => void = () => {};
  const firstListen = new Promise<void>((resolve) => (resolveReady = resolve));

  const listen = async () => {
    const client = new (loadPg().Client)({
      connectionString: url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    client.on('error', () => {});
    client.on('end', () => {
      if (listener === client) listener = undefined;
      if (!closed) retry();
    });
    client.on('notification', (notification) => {
      if (notification.channel === channel && notification.payload) receive.message(notification.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      options.log.warn({ err: error }, 'content change bus: cannot listen on PostgreSQL yet');
      await client.end().catch(() => {});
      return;
    }
    if (closed) return void (await client.end().catch(() => {}));
    listener = client;
    if (listenedOnce) receive.missedSome();
    listenedOnce = true;
    resolveReady();
  };
  const retry = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void listen(), RECONNECT_MS);
    timer.unref();
  };
  void listen();

  return {
    transport: 'postgres',
    publish(resource) {
      const payload = JSON.stringify({ origin, resource } satisfies Message);
      sql`select pg_notify(${channel}, ${payload})`
        .execute(db)
        .catch((error: unknown) =>
          options.log.warn({ err: error }, 'content change not told to other instances'),
        );
    },
    ready: () => firstListen,
    async close() {
      closed = true;
      clearTimeout(timer);
      resolveReady();
      await listener?.end().catch(() => {});
    },
  };
}
