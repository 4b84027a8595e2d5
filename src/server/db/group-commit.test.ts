import { sql, type Kysely, type Transaction } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/databases.ts';
import type { DatabaseHandle } from './database.ts';
import { groupCommit } from './group-commit.ts';
import type { Database } from './schema.ts';

interface Item {
  id: string;
  parent?: string;
}

describe.each(testDialects)('group commit on %s', (dialect) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  const transactions: Transaction<Database>[] = [];
  const insert = async (trx: Transaction<Database>, item: Item) => {
    transactions.push(trx);
    await sql`insert into group_items (id, parent) values (${item.id}, ${item.parent ?? 'p'})`.execute(trx);
    return item.id;
  };
  const stored = async () =>
    (await sql<{ id: string }>`select id from group_items order by id`.execute(db)).rows.map((row) => row.id);

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    handle = await testDb.open();
    db = handle.db;
    await sql`create table group_parents (id varchar(20) primary key)`.execute(db);
    // Checked at commit: an item naming no parent makes the whole commit fail.
    await sql`create table group_items (id varchar(20) primary key, parent varchar(20) not null
      references group_parents (id) deferrable initially deferred)`.execute(db);
    await sql`insert into group_parents (id) values ('p')`.execute(db);
  });
  afterAll(async () => {
    await handle?.close();
    await testDb?.destroy();
  });
  beforeEach(async () => {
    transactions.length = 0;
    await sql`delete from group_items`.execute(db);
  });

  it('writes what arrives together in one transaction, and answers once it is committed', async () => {
    const group = groupCommit(db, insert);
    const written = await Promise.all(['a', 'b', 'c', 'd'].map((id) => group.write({ id })));
    expect(written).toEqual(['a', 'b', 'c', 'd']);
    expect(new Set(transactions).size).toBe(1);
    expect(await stored()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('writes a lone write at once, and a later one in a transaction of its own', async () => {
    const group = groupCommit(db, insert);
    expect(await group.write({ id: 'a' })).toBe('a');
    expect(await group.write({ id: 'b' })).toBe('b');
    expect(new Set(transactions).size).toBe(2);
    expect(await stored()).toEqual(['a', 'b']);
  });

  it('refuses a write the database refuses, alone, and stores the rest of its group', async () => {
    await sql`insert into group_items (id, parent) values ('taken', 'p')`.execute(db);
    const group = groupCommit(db, insert);
    const results = await Promise.allSettled(['a', 'taken', 'c'].map((id) => group.write({ id })));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await stored()).toEqual(['a', 'c', 'taken']);
  });

  it('refuses every write of a group whose commit fails, and stores none of them', async () => {
    const group = groupCommit(db, insert);
    const results = await Promise.allSettled([
      group.write({ id: 'a' }),
      group.write({ id: 'orphan', parent: 'nobody' }),
      group.write({ id: 'c' }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await stored()).toEqual([]);
    // The next group is not affected.
    expect(await group.write({ id: 'd' })).toBe('d');
  });

  it('splits a large burst into groups of the given size', async () => {
    const group = groupCommit(db, insert, { maxGroup: 3 });
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(await Promise.all(ids.map((id) => group.write({ id })))).toEqual(ids);
    expect(new Set(transactions).size).toBe(3);
    expect(await stored()).toEqual(ids);
  });

  describe('in a stream of writes', () => {
    // A clock the test moves: each write is timed as arriving `step` ms after the one before.
    const clockStepping = (step: number) => {
      let at = 0;
      return () => (at += step);
    };
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Ten writes at once (one group, committed without waiting), to start the stream.
    const startStream = async (group: ReturnType<typeof groupCommit<Item, string>>) => {
      await Promise.all(Array.from({ length: 10 }, (_, i) => group.write({ id: `s${i}` })));
      transactions.length = 0;
    };

    it('lets the first write of a group wait for the next ones, and commits them together', async () => {
      const group = groupCommit(db, insert, { streamWaitMs: 60, now: clockStepping(0.5) });
      await startStream(group);
      // Writes half a millisecond apart (by the clock), each in its own turn of the event loop.
      const a = group.write({ id: 'a' });
      await later(5);
      const b = group.write({ id: 'b' });
      await later(5);
      const c = group.write({ id: 'c' });
      expect(await Promise.all([a, b, c])).toEqual(['a', 'b', 'c']);
      expect(new Set(transactions).size).toBe(1);
    });

    it('does not wait when writes come further apart than the wait', async () => {
      const group = groupCommit(db, insert, { streamWaitMs: 60, now: clockStepping(500) });
      await startStream(group);
      const start = performance.now();
      expect(await group.write({ id: 'a' })).toBe('a');
      expect(await group.write({ id: 'b' })).toBe('b');
      expect(performance.now() - start).toBeLessThan(50);
      expect(new Set(transactions).size).toBe(2);
    });

    it('stops waiting for a writer that sends each write after the last one is answered', async () => {
      const group = groupCommit(db, insert, { streamWaitMs: 60, now: clockStepping(0.5) });
      await startStream(group);
      const start = performance.now();
      // Twelve writes one after another, timed as a stream, each sent a turn of the event loop after
      // the last one's answer: three fruitless waits, then none.
      for (let i = 0; i < 12; i++) {
        await group.write({ id: `q${String(i).padStart(2, '0')}` });
        await new Promise((resolve) => setImmediate(resolve));
      }
      const took = performance.now() - start;
      expect(took).toBeGreaterThanOrEqual(3 * 60 - 5);
      expect(took).toBeLessThan(6 * 60);
      expect(new Set(transactions).size).toBe(12);
    });

    it('commits at once when a full group is waiting', async () => {
      const group = groupCommit(db, insert, { streamWaitMs: 5_000, now: clockStepping(0.1) });
      await startStream(group);
      const ids = Array.from({ length: 16 }, (_, i) => `w${String(i).padStart(2, '0')}`);
      const start = performance.now();
      const first = group.write({ id: ids[0]! });
      await later(1);
      const rest = ids.slice(1).map((id) => group.write({ id }));
      expect(await Promise.all([first, ...rest])).toEqual(ids);
      expect(performance.now() - start).toBeLessThan(2_000);
      expect(new Set(transactions).size).toBe(1);
    });
  });
});
