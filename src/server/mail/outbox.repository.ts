import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database, OutboxTable } from '../db/schema.ts';

export type OutboxRow = Selectable<OutboxTable>;

/** Pending rows whose time has come, and rows whose sender's lease ran out (it crashed or hung). */
function isDue(eb: ExpressionBuilder<Database, 'outbox'>, nowIso: string) {
  return eb.or([
    eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]),
    eb.and([eb('status', '=', 'sending'), eb('locked_until', '<=', nowIso)]),
  ]);
}

/**
 * Claims up to `limit` due rows in one statement: they become 'sending' until `lockedUntil`, which
 * is also the claim's token for the later updates. On PostgreSQL the candidates are locked with
 * SKIP LOCKED, so concurrent instances each take different rows instead of waiting for each other.
 * The candidates sit in a MATERIALIZED CTE because PostgreSQL may otherwise plan `id IN (subquery)`
 * as a nested loop that runs the subquery once per outer row, and LIMIT stops limiting the claim.
 * The due condition is checked again on the rows being updated, in case one was claimed meanwhile.
 * SQLite runs one writing statement at a time, which makes the same statement atomic there.
 */
export async function claimDueRows(
  db: Kysely<Database>,
  dialect: Dialect,
  now: Date,
  lockedUntil: string,
  limit: number,
): Promise<OutboxRow[]> {
  const nowIso = now.toISOString();
  return db
    .with(
      (cte) => cte('claimable').materialized(),
      (qb) => {
        const candidates = qb
          .selectFrom('outbox')
          .select('id')
          .where((eb) => isDue(eb, nowIso))
          .orderBy('next_attempt_at')
          .limit(limit);
        return dialect === 'postgres' ? candidates.forUpdate().skipLocked() : candidates;
      },
    )
    .updateTable('outbox')
    .set({ status: 'sending', locked_until: lockedUntil })
    .where('id', 'in', (eb) => eb.selectFrom('claimable').select('claimable.id'))
    .where((eb) => isDue(eb, nowIso))
    .returningAll()
    .execute();
}

/** The server accepted the message. Recorded even if the lease ran out meanwhile: it did go out. */
export async function markSent(db: Kysely<Database>, row: OutboxRow, now: Date): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: now.toISOString(), attempts: row.attempts + 1, locked_until: null })
    .where('id', '=', row.id)
    .execute();
}

export interface FailedAttempt {
  error: string;
  /** No further attempt: the row stays, marked failed, for people to see. */
  final: boolean;
  nextAttemptAt: string;
}

/**
 * Records a failed attempt, only while the claim is still ours: if the lease ran out and another
 * worker took the row, its outcome wins. Returns false when the claim was lost.
 */
export async function markAttemptFailed(
  db: Kysely<Database>,
  row: OutboxRow,
  attempt: FailedAttempt,
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({
      status: attempt.final ? 'failed' : 'pending',
      attempts: row.attempts + 1,
      last_error: attempt.error,
      next_attempt_at: attempt.nextAttemptAt,
      locked_until: null,
    })
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .where('locked_until', '=', row.locked_until)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
