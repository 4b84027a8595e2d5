import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/databases.ts';
import { insertRows, preparedQuery } from './compiled-queries.ts';
import type { DatabaseHandle } from './database.ts';
import type { Database } from './schema.ts';

const consent = (id: string, email: string) => ({
  id,
  email,
  purpose: 'privacy-notice',
  source: 'prueba',
  notice_version: '1',
  ref_id: null,
  given_at: '2026-11-25T10:00:00.000Z',
  withdrawn_at: null,
});

const byEmail = preparedQuery(['email', 'purpose'], (db, value) =>
  db
    .selectFrom('consents')
    .select(['id', 'source'])
    .where('email', '=', value('email'))
    .where('purpose', '=', value('purpose'))
    .where('withdrawn_at', 'is', null)
    .orderBy('id'),
);

describe.each(testDialects)('queries compiled once on %s', (dialect) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  let db: Kysely<Database>;

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    handle = await testDb.open();
    db = handle.db;
  });
  afterAll(async () => {
    await handle?.close();
    await testDb?.destroy();
  });
  beforeEach(async () => {
    await sql`delete from consents`.execute(db);
  });

  it('runs a query again with new values, in the database and in a transaction', async () => {
    await insertRows(db, 'consents', [consent('c1', 'ana@example.org'), consent('c2', 'bea@example.org')]);
    const first = await byEmail.execute(db, { email: 'ana@example.org', purpose: 'privacy-notice' });
    expect(first.rows).toEqual([{ id: 'c1', source: 'prueba' }]);
    const inTransaction = await db
      .transaction()
      .execute((trx) => byEmail.execute(trx, { email: 'bea@example.org', purpose: 'privacy-notice' }));
    expect(inTransaction.rows).toEqual([{ id: 'c2', source: 'prueba' }]);
    expect((await byEmail.execute(db, { email: 'bea@example.org', purpose: 'newsletter' })).rows).toEqual([]);
  });

  it('inserts one, two and again one row with the statement of each shape, values in their columns', async () => {
    await insertRows(db, 'consents', [consent('c1', 'ana@example.org')]);
    await insertRows(db, 'consents', [
      { ...consent('c2', 'bea@example.org'), ref_id: 'r2' },
      { ...consent('c3', 'bea@example.org'), source: 'registro' },
    ]);
    await insertRows(db, 'consents', [{ ...consent('c4', 'eva@example.org'), withdrawn_at: 'ayer' }]);
    const rows = await db
      .selectFrom('consents')
      .select(['id', 'email', 'source', 'ref_id', 'withdrawn_at'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'c1', email: 'ana@example.org', source: 'prueba', ref_id: null, withdrawn_at: null },
      { id: 'c2', email: 'bea@example.org', source: 'prueba', ref_id: 'r2', withdrawn_at: null },
      { id: 'c3', email: 'bea@example.org', source: 'registro', ref_id: null, withdrawn_at: null },
      { id: 'c4', email: 'eva@example.org', source: 'prueba', ref_id: null, withdrawn_at: 'ayer' },
    ]);
  });

  it('refuses rows whose columns differ from the first row’s', async () => {
    const { ref_id: _dropped, ...short } = consent('c2', 'bea@example.org');
    await expect(
      insertRows(db, 'consents', [consent('c1', 'ana@example.org'), short as ReturnType<typeof consent>]),
    ).rejects.toThrow(/ref_id/);
    expect(await db.selectFrom('consents').select('id').execute()).toEqual([]);
  });

  it('refuses a query whose value is not sent as a parameter', async () => {
    const inlined = preparedQuery(['limit'], (db, value) =>
      db
        .selectFrom('consents')
        .select('id')
        .where(sql.raw(`'${String(value('limit'))}'`), '=', 'x'),
    );
    await expect(inlined.execute(db, { limit: 1 })).rejects.toThrow(/not passed as parameters/);
  });
});
