import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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

const withdraw = preparedQuery(['email', 'at'], (db, value) =>
  db
    .updateTable('consents')
    .set({ withdrawn_at: value('at') })
    .where('email', '=', value('email'))
    .where('withdrawn_at', 'is', null),
);

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

  it('in a transaction, answers as Kysely does: rows, the rows changed, and its own writes seen', async () => {
    const seen = await db.transaction().execute(async (trx) => {
      await insertRows(trx, 'consents', [consent('c1', 'ana@example.org'), consent('c2', 'ana@example.org')]);
      const changed = await withdraw.execute(trx, { email: 'ana@example.org', at: 'hoy' });
      const left = await byEmail.execute(trx, { email: 'ana@example.org', purpose: 'privacy-notice' });
      return { changed: changed.numAffectedRows, left: left.rows };
    });
    expect(seen).toEqual({ changed: 2n, left: [] });
    const outside = await withdraw.execute(db, { email: 'ana@example.org', at: 'mañana' });
    expect(outside.numAffectedRows).toBe(0n);
  });

  it('a statement refused in a transaction rejects, and the transaction’s writes go back', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await insertRows(trx, 'consents', [consent('c1', 'ana@example.org')]);
        await insertRows(trx, 'consents', [consent('c1', 'bea@example.org')]);
      }),
    ).rejects.toThrow(/unique|UNIQUE|duplicate/);
    expect(await db.selectFrom('consents').select('id').execute()).toEqual([]);
  });

  it(
    dialect === 'sqlite'
      ? 'runs a transaction’s compiled queries on its connection, without Kysely’s executor (decision 042)'
      : 'runs every query through Kysely’s executor (a pool: no connection of its own to run on)',
    async () => {
      const asked = await db.transaction().execute(async (trx) => {
        const executor = vi.spyOn(trx, 'executeQuery');
        await insertRows(trx, 'consents', [consent('c1', 'ana@example.org')]);
        await byEmail.execute(trx, { email: 'ana@example.org', purpose: 'privacy-notice' });
        return executor.mock.calls.length;
      });
      expect(asked).toBe(dialect === 'sqlite' ? 0 : 2);
      // Outside a transaction the connection may be another's: Kysely's executor waits for it.
      const executor = vi.spyOn(db, 'executeQuery');
      await byEmail.execute(db, { email: 'ana@example.org', purpose: 'privacy-notice' });
      expect(executor).toHaveBeenCalledTimes(1);
      executor.mockRestore();
    },
  );
});
