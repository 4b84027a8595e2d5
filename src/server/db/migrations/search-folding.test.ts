import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/databases.ts';
import { down, up } from './2026-11-27-search-folding.ts';

describe.each(testDialects)('the search-folding migration on %s', (dialect) => {
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

  it('fills the folded column of the requests already stored', async () => {
    // Back to the schema before it, with a request stored then.
    await down(handle.db as never);
    const db = handle.db as never as Kysely<{ requests: Record<string, unknown> }>;
    await db
      .insertInto('requests')
      .values({
        id: 'antes',
        kind: 'contacto',
        full_name: 'María José Núñez',
        company: 'Eólica del Istmo',
        position: 'Directora',
        email: 'MJ@Example.org',
        phone_number: '5512345678',
        spam: 0,
        status: 'nueva',
        created_at: '2026-11-01T12:00:00.000Z',
      })
      .execute();
    await up(handle.db as never);
    const row = await db
      .selectFrom('requests')
      .select('search_folded')
      .where('id', '=', 'antes')
      .executeTakeFirstOrThrow();
    expect(row.search_folded).toBe('maria jose nunez\neolica del istmo\nmj@example.org');
  });
});
