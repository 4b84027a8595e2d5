import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { executeCompiled } from './compiled-queries.ts';
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
 * In a stream of writes, how long the first of a group waits for others to join it (ms), and how many
 * waiting make it go at once. Measured on one core at a steady 1,000 sign-ups a second: a fifth to a
 * quarter less CPU a sign-up than without the wait (decision 040, docs/benchmarks.md).
 */
const STREAM_WAIT_MS = 2;
const STREAM_GROUP = 16;
/**
 * Waits that in a row gathered nobody (one writer sending each write after the last one's answer)
 * stop the waiting for a while: such a writer would otherwise wait on every write for nothing.
 */
const FRUITLESS_WAITS = 3;
const QUIET_AFTER_FRUITLESS_MS = 1_000;

export interface GroupCommitOptions {
  /** Items written in one transaction at most. */
  maxGroup?: number;
  /** How long the first write of a group waits for others while writes keep coming (ms); 0: never. */
  streamWaitMs?: number;
  /** The clock arrivals are timed by (ms); tests give their own. */
  now?: () => number;
}

/**
 * Group commit: writes that arrive together share one transaction, and one commit. Each write still
 * keeps all its rows together (they are committed at once or not at all), and its promise settles only
 * after the commit, so nothing is acknowledged before it is stored.
 *
 * A commit is most of the cost of a small write (a WAL append on SQLite, where all writes queue behind
 * one connection anyway; a flush to disk on PostgreSQL), so sharing it lets many visitors' forms be
 * stored in about the time of one. The writes waiting when the event loop comes round (setImmediate)
 * form the group, so a lone write is not delayed. In a stream (writes coming less than `streamWaitMs`
 * apart, on average) each arrives alone in its turn of the event loop, and groups of one would pay a
 * commit each just when the load is highest: there the first write of a group waits up to
 * `streamWaitMs` for the next ones (or until STREAM_GROUP are waiting), and the group commits then.
 * A writer that sends each write only after the last one's answer gets nobody to join it: after a
 * few such waits in a row the group commit stops waiting for a second.
 * Within a group each write has its own savepoint: one
 * that fails (a value the database refuses) is rolled back and rejected alone, and the others go on.
 * A failed commit rejects them all.
 */
export function groupCommit<Item, Result>(
  db: Kysely<Database>,
  write: GroupWrite<Item, Result>,
  options: GroupCommitOptions = {},
): GroupCommit<Item, Result> {
  const { maxGroup = MAX_GROUP, streamWaitMs = STREAM_WAIT_MS, now = () => performance.now() } = options;
  const queue: Pending<Item, Result>[] = [];
  let writing = false;
  // The group's wait in a stream, while it lasts.
  let waiting: NodeJS.Timeout | undefined;
  // The time between arrivals, averaged (ms), and the last arrival.
  let gap = Number.POSITIVE_INFINITY;
  let lastArrival = Number.NEGATIVE_INFINITY;
  let fruitless = 0;
  let noWaitUntil = Number.NEGATIVE_INFINITY;

  async function writeGroup(group: Pending<Item, Result>[]) {
    const done: [Pending<Item, Result>, Result][] = [];
    try {
      await db.transaction().execute(async (trx) => {
        if (group.length === 1) {
          done.push([group[0]!, await write(trx, group[0]!.item)]);
          return;
        }
        for (const pending of group) {
          await executeCompiled(trx, SAVEPOINT);
          try {
            done.push([pending, await write(trx, pending.item)]);
          } catch (error) {
            await executeCompiled(trx, ROLLBACK_TO_SAVEPOINT);
            pending.reject(error);
          }
          await executeCompiled(trx, RELEASE_SAVEPOINT);
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
    if (writing) return;
    writing = true;
    try {
      while (queue.length > 0) await writeGroup(queue.splice(0, maxGroup));
    } finally {
      writing = false;
    }
  }

  const endWait = () => {
    clearTimeout(waiting);
    waiting = undefined;
  };

  /** A write arrived: times it, and starts the group's drain when it is the first one waiting. */
  function arrived() {
    const at = now();
    const since = at - lastArrival;
    lastArrival = at;
    // A long pause counts as a few waits, so a stream is noticed within a few arrivals of its start.
    const counted = Math.min(since, 4 * streamWaitMs);
    gap = Number.isFinite(gap) ? gap * 0.75 + counted * 0.25 : counted;
    if (writing) return;
    if (waiting) {
      if (queue.length < STREAM_GROUP) return;
      endWait();
    } else if (queue.length !== 1) return;
    else if (streamWaitMs > 0 && gap < streamWaitMs && at >= noWaitUntil) {
      waiting = setTimeout(() => {
        endWait();
        fruitless = queue.length > 1 ? 0 : fruitless + 1;
        if (fruitless >= FRUITLESS_WAITS) {
          fruitless = 0;
          noWaitUntil = now() + QUIET_AFTER_FRUITLESS_MS;
        }
        void drain();
      }, streamWaitMs);
      return;
    }
    setImmediate(() => void drain());
  }

  return {
    write(item) {
      return new Promise<Result>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        arrived();
      });
    },
  };
}
