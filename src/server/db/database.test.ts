import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/databases.ts';
import { CONNECT_TIMEOUT_MS, keepingStatements, openDatabase, pingDatabase } from './database.ts';

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

describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL pool with every connection busy', () => {
  it('lets a request wait its turn longer than a new connection may take', async () => {
    const handle = openDatabase(process.env.TEST_DATABASE_URL!, { poolSize: 1 });
    try {
      const holdMs = CONNECT_TIMEOUT_MS + 1_000;
      const holding = handle.db
        .transaction()
        .execute((trx) => sql`select pg_sleep(${holdMs / 1000})`.execute(trx));
      // The one connection is taken; this query waits for it, past the time a connection may take.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = Date.now();
      const answer = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(answer.rows[0]?.one).toBe(1);
      expect(Date.now() - started).toBeGreaterThan(CONNECT_TIMEOUT_MS);
      await holding;
    } finally {
      await handle.close();
    }
  }, 20_000);
});

describe('an SQLite file', () => {
  it('is checkpointed by SQLite itself, and its log file cut back after each checkpoint', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-log-'));
    const handle = openDatabase(join(dir, 'site.db'));
    try {
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(handle.db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('wal_autocheckpoint')).toBe(1000);
      expect(await pragma('journal_size_limit')).toBe(16 * 1024 * 1024);
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('kept SQLite statements', () => {
  it('hands out one statement per SQL text, up to the limit, the oldest going first', () => {
    const sqlite = new SQLite(':memory:');
    const database = keepingStatements(sqlite, 2);
    const first = database.prepare('select 1');
    expect(database.prepare('select 1')).toBe(first);
    const second = database.prepare('select 2');
    // A third text makes room by dropping the oldest, "select 1".
    const third = database.prepare('select 3');
    expect(database.prepare('select 2')).toBe(second);
    expect(database.prepare('select 3')).toBe(third);
    expect(database.prepare('select 1')).not.toBe(first);
    database.close();
  });

  it('prepares a statement again while the kept one is still being iterated', () => {
    const sqlite = new SQLite(':memory:');
    const database = keepingStatements(sqlite);
    const query = 'select value from json_each(?)';
    const outer = database.prepare(query);
    const seen: unknown[] = [];
    for (const row of outer.iterate(['[1,2]'])) {
      seen.push(row, database.prepare(query).all(['[3]']));
    }
    expect(seen).toEqual([{ value: 1 }, [{ value: 3 }], { value: 2 }, [{ value: 3 }]]);
    database.close();
  });

  it('still sees a table changed after a statement on it was kept', async () => {
    const handle = openDatabase(':memory:');
    await sql`create table t (a integer)`.execute(handle.db);
    await sql`insert into t (a) values (1)`.execute(handle.db);
    const read = () => sql<Record<string, number>>`select * from t`.execute(handle.db);
    expect((await read()).rows).toEqual([{ a: 1 }]);
    await sql`alter table t add column b integer default 2`.execute(handle.db);
    expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
    await handle.close();
  });
});
