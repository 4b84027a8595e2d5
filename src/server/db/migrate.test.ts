import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './database.ts';
import { migrateToLatest, migrations } from './migrate.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/databases.ts';

describe.each(testDialects)('migrations on %s', (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = await database.open();
  });
  afterAll(async () => {
    await handle?.close();
    await database?.destroy();
  });

  it('runs a migration that lands after a later-named one ran (branches land in any order)', async () => {
    const names = Object.keys(migrations).sort();
    // A database that has every migration but one from the middle, as one made between two landings.
    const missing = '2026-12-03-newsletter';
    expect(names.indexOf(missing)).toBeLessThan(names.length - 1);
    await migrations[missing]!.down!(handle.db as never);
    await sql`delete from kysely_migration where name = ${missing}`.execute(handle.db);

    await migrateToLatest(handle.db, { schema: database.schema });
    const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      handle.db,
    );
    expect(ran.rows.map((row) => row.name)).toEqual(names);
    const tables = await handle.db.introspection.getTables();
    expect(tables.map((table) => table.name)).toContain('newsletter_subscribers');
  });
});
