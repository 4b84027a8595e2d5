import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** Writes one item inside a transaction it shares with others; returns what its caller gets. */
export type GroupWrite<Item, Result> = (trx: Transaction<Database>, item: Item) => Promise<Result>;

export interface GroupCommit<Item, Result> {
  /** Resolves once the item's rows are committed; rejects if they were not. */
  write(item: Item): Promise<Result>;
}

interface Pending<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

// The same three statements around every write of a group, compiled once.
const SAVEPOINT = CompiledQuery.raw('savepoint group_write');
const ROLLBACK_TO_SAVEPOINT = CompiledQuery.raw('rollback to savepoint group_write');
const RELEASE_SAVEPOINT = CompiledQuery.raw('release savepoint group_write');

/** Items written in one transaction at most: the last one waits for all before it. */
const MAX_GROUP = 50;

/**
 * Group commit: writes that arrive together share one transaction, and one commit. Each write still
 * keeps all its rows together (they are committed at once or not at all), and its promise settles only
 * after the commit, so nothing is acknowledged before it is stored.
 *
 * A commit is most of the cost of a small write (a WAL append on SQLite, where all writes queue behind
 * one connection anyway; a flush to disk on PostgreSQL), so sharing it lets many visitors' forms be
 * stored in about the time of one. The writes waiting when the event loop comes round (setImmediate)
 * form the group, so a lone write is not delayed. Within a group each write has its own savepoint: one
 * that fails (a value the database refuses) is rolled back and rejected alone, and the others go on.
 * A failed commit rejects them all.
 */
export function groupCommit<Item, Result>(
  db: Kysely<Database>,
  write: GroupWrite<Item, Result>,
  maxGroup = MAX_GROUP,
): GroupCommit<Item, Result> {
  const queue: Pending<Item, Result>[] = [];
  let writing = false;

  async function writeGroup(group: Pending<Item, Result>[]) {
    const done: [Pending<Item, Result>, Result][] = [];
    try {
      await db.transaction().execute(async (trx) => {
        if (group.length === 1) {
          done.push([group[0]!, await write(trx, group[0]!.item)]);
          return;
        }
        for (const pending of group) {
          await trx.executeQuery(SAVEPOINT);
          try {
            done.push([pending, await write(trx, pending.item)]);
          } catch (error) {
            await trx.executeQuery(ROLLBACK_TO_SAVEPOINT);
            pending.reject(error);
          }
          await trx.executeQuery(RELEASE_SAVEPOINT);
        }
      });
    } catch (error) {
      // The commit failed, or the transaction itself did: nothing of the group is stored. (A write
      // rejected on its own above is settled already; rejecting it again changes nothing.)
      for (const pending of group) pending.reject(error);
      return;
    }
    for (const [pending, result] of done) pending.resolve(result);
  }

  async function drain() {
    writing = true;
    try {
      while (queue.length > 0) await writeGroup(queue.splice(0, maxGroup));
    } finally {
      writing = false;
    }
  }

  return {
    write(item) {
      return new Promise<Result>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (!writing && queue.length === 1) setImmediate(() => void drain());
      });
    },
  };
}
