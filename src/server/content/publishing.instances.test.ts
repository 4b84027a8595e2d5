import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { Browser, testConfig } from '../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';
import { listingBuild } from '../test/listing-build.ts';

const waitUntil = async (what: string, check: () => Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

// Two instances on one PostgreSQL database with Redis between them, as in production. Their clock runs
// at the real pace but a day ahead, set by the test: a news item is scheduled two seconds ahead on
// that clock, and each instance's own timer must make it appear, with nobody calling it.
describe.runIf(process.env.TEST_DATABASE_URL && process.env.REDIS_URL)(
  'a scheduled news item on two instances (PostgreSQL and Redis)',
  () => {
    const shift = 24 * 3_600_000;
    const now = () => new Date(Date.now() + shift);
    let database: TestDatabase;
    let apps: App[];
    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      const webDist = listingBuild();
      apps = [];
      for (let i = 0; i < 2; i++) {
        const app = await buildApp(testConfig(database, { redisUrl: process.env.REDIS_URL, webDist, now }));
        await app.ready();
        await app.contentChanges.bus?.ready();
        apps.push(app);
      }
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      await database.destroy();
    });

    const everywhere = async (app: App, name: string) => {
      const [list, one, home, sitemap] = await Promise.all([
        app.inject('/api/news/get-all'),
        app.inject('/Inicio'),
        app.inject('/Inicio'),
        app.inject('/sitemap.xml'),
      ]);
      return {
        list: list.body.includes(name),
        page: one.body.includes(`<li>${name}</li>`) && home.body.includes(`<li>${name}</li>`),
        sitemap: sitemap.body.includes('/Noticias/aviso-de-las-nueve'),
      };
    };

    it('is absent from every public page and list until its time, then present on both', async () => {
      const [first, second] = apps as [App, App];
      expect(first.contentChanges.bus?.transport).toBe('redis');
      const admin = new Browser(first);
      expect((await admin.login()).statusCode).toBe(200);
      const publishAt = new Date(now().getTime() + 2_000).toISOString();
      const created = await admin.request('POST', '/api/news/create', {
        news: {
          name: 'Aviso de las nueve',
          address: 'CDMX',
          description: '<p>Hola</p>',
          images: [],
          status: 'scheduled',
          publishAt,
        },
      });
      expect(created.statusCode).toBe(201);
      const { id } = created.json().data as { id: string };

      // Before its time: on neither instance, and now held in each one's caches.
      for (const app of apps) {
        expect(await everywhere(app, 'Aviso de las nueve')).toEqual({
          list: false,
          page: false,
          sitemap: false,
        });
        expect((await app.inject(`/api/news/get-by-id/${id}`)).statusCode).toBe(404);
      }

      // At its time each instance's own timer drops what it held; nobody calls it.
      for (const app of [first, second])
        await waitUntil(
          'the news item on both instances',
          async () => (await everywhere(app, 'Aviso de las nueve')).list,
          10_000,
        );
      expect(now().getTime()).toBeGreaterThanOrEqual(Date.parse(publishAt));
      for (const app of apps) {
        expect(await everywhere(app, 'Aviso de las nueve')).toEqual({
          list: true,
          page: true,
          sitemap: true,
        });
        expect((await app.inject(`/api/news/get-by-id/${id}`)).statusCode).toBe(200);
      }
    });
  },
);
