import { afterEach, describe, expect, it } from 'vitest';
import type { Resource } from '../../shared/api-paths.ts';
import { buildApp, type App } from '../app.ts';
import type { Config } from '../config.ts';
import pg from 'pg';
import { Browser, testConfig } from '../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';

const news = { news: { name: 'Aviso para todas', address: 'CDMX', description: '<p>Hola</p>', images: [] } };

const waitUntil = async (what: string, check: () => boolean, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

interface Instance {
  app: App;
  heard: Resource[];
}

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** Two instances of the site on one database, each recording the content changes it is told of. */
async function twoInstances(
  database: TestDatabase,
  overrides: Partial<Config>,
): Promise<[Instance, Instance]> {
  const start = async (): Promise<Instance> => {
    const heard: Resource[] = [];
    const app = await buildApp(testConfig(database, overrides));
    app.contentChanges.subscribe((resource) => heard.push(resource));
    await app.ready();
    cleanup.push(() => app.close());
    await app.contentChanges.bus?.ready();
    return { app, heard };
  };
  return [await start(), await start()];
}

async function publishNews(instance: Instance) {
  const admin = new Browser(instance.app);
  expect((await admin.login()).statusCode).toBe(200);
  expect((await admin.request('POST', '/api/news/create', news)).statusCode).toBe(201);
}

describe('content changes reach every instance', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'through PostgreSQL LISTEN/NOTIFY, and again after the listener reconnects',
    async () => {
      const database = await createTestDatabase('postgres');
      cleanup.push(() => database.destroy());
      const [first, second] = await twoInstances(database, {});
      expect(first.app.contentChanges.bus?.transport).toBe('postgres');

      await publishNews(first);
      await waitUntil('the other instance to hear of the change', () => second.heard.includes('news'));
      // Each instance hears its own change once, directly, not again through the bus.
      expect(first.heard).toEqual(['news']);
      expect(second.heard).toEqual(['news']);

      // The listening connection is cut: once it is back, everything counts as changed (messages may
      // have been lost meanwhile), and later changes arrive again.
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const cut = await client
        .query(`select pg_terminate_backend(pid) from pg_stat_activity where query = $1`, [
          `LISTEN "site_content_changed_${database.schema}"`,
        ])
        .finally(() => client.end());
      expect(cut.rowCount).toBe(2);
      await waitUntil('a resubscription to count as a change of everything', () =>
        ['events', 'partners'].every((resource) => second.heard.includes(resource as Resource)),
      );
      second.heard.length = 0;
      await publishNews(first);
      await waitUntil('a change after the reconnection', () => second.heard.includes('news'));
    },
  );

  it.runIf(process.env.REDIS_URL)('through Redis pub/sub when REDIS_URL is set', async () => {
    const database = await createTestDatabase('sqlite');
    cleanup.push(() => database.destroy());
    const [first, second] = await twoInstances(database, { redisUrl: process.env.REDIS_URL });
    expect(first.app.contentChanges.bus?.transport).toBe('redis');

    await publishNews(second);
    await waitUntil('the other instance to hear of the change', () => first.heard.includes('news'));
    expect(first.heard).toEqual(['news']);
    expect(second.heard).toEqual(['news']);
  });

  it('has nobody to tell with a lone SQLite process', async () => {
    const database = await createTestDatabase('sqlite');
    cleanup.push(() => database.destroy());
    const [only] = await twoInstances(database, {});
    expect(only.app.contentChanges.bus).toBeUndefined();
    await publishNews(only);
    expect(only.heard).toEqual(['news']);
  });
});
