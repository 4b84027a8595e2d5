import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/databases.ts';
import { demoEvents, demoNews, demoPartners } from './demo-content.ts';
import { clearContent, seedDemoContentIfEmpty } from './seed.ts';

describe.each(testDialects)('demo content on %s', (dialect) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    handle = await testDb.open();
  });
  afterAll(async () => {
    await handle.close();
    await testDb.destroy();
  });

  const count = async (table: 'events' | 'news' | 'partners') =>
    (await handle.db.selectFrom(table).select('id').execute()).length;

  it('fills a new database once, and not again after the association deletes it', async () => {
    const now = new Date();
    expect(await seedDemoContentIfEmpty(handle.db, now)).toBe(true);
    expect(await count('events')).toBe(demoEvents(now).length);
    expect(await count('news')).toBe(demoNews.length);
    expect(await count('partners')).toBe(demoPartners.length);

    await handle.db.deleteFrom('events').execute();
    await handle.db.deleteFrom('news').execute();
    await handle.db.deleteFrom('partners').execute();
    expect(await seedDemoContentIfEmpty(handle.db, now)).toBe(false);
    expect(await count('events')).toBe(0);
  });

  it('fills it again after a reset', async () => {
    await clearContent(handle.db);
    expect(await seedDemoContentIfEmpty(handle.db)).toBe(true);
    expect(await count('news')).toBe(demoNews.length);
  });
});
