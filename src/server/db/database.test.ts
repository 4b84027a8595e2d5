import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/databases.ts';
import { pingDatabase } from './database.ts';

describe.each(testDialects)('database on %s', (dialect) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await testDb.destroy();
  });

  it('migrates and answers a ping', async () => {
    const handle = await testDb.open();
    try {
      expect(await pingDatabase(handle.db)).toBe(true);
      const rows = await handle.db.selectFrom('events').selectAll().execute();
      expect(rows).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
