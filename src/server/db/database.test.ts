import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/databases.ts';
import { keepingStatements, openDatabase, pingDatabase } from './database.ts';

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

describe('an SQLite file', () => {
  // The temporary files the process has open (made without a name, or unlinked once open).
  const ownTempFiles = () =>
    readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`).endsWith('(deleted)');
      } catch {
        return false;
      }
    });

  it('keeps the journal of a savepoint in memory, not in a file of its own', async () => {
    // A group commit gives each write a savepoint (group-commit.ts). SQLite keeps the pages a savepoint
    // may have to put back in a journal that spills to a temporary file past 64 KiB: two system calls
    // a page, more than half of a sign-up's, until the connection keeps temporary data in memory.
    const dir = mkdtempSync(join(tmpdir(), 'savepoint-journal-'));
    const handle = openDatabase(join(dir, 'site.db'));
    try {
      await sql`create table notes (id integer primary key, body text not null)`.execute(handle.db);
      await sql`insert into notes (body) select printf('%.3000c', 'x') from
        (with recursive n(i) as (select 1 union all select i + 1 from n where i < 200) select i from n)`.execute(
        handle.db,
      );
      const before = ownTempFiles().length;
      let during = 0;
      await handle.db.transaction().execute(async (trx) => {
        for (let round = 0; round < 3; round++) {
          await sql`savepoint w`.execute(trx);
          await sql`update notes set body = printf('%.3000c', ${String(round)})`.execute(trx);
          await sql`release savepoint w`.execute(trx);
        }
        during = ownTempFiles().length;
      });
      expect(during - before).toBe(0);
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
