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
    const group = groupCommit(db, insert, 3);
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(await Promise.all(ids.map((id) => group.write({ id })))).toEqual(ids);
    expect(new Set(transactions).size).toBe(3);
    expect(await stored()).toEqual(ids);
  });
});
