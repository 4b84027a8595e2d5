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

export interface Claim {
  now: Date;
  /** When the claim lapses and another worker may take the rows. */
  lockedUntil: string;
  /** Marks the claimed rows, so this very claim can be recognised (and released) later. */
  token: string;
  limit: number;
}

/**
 * Claims up to `limit` due rows in one statement: they become 'sending' until `lockedUntil`, under the
 * claim's token. On PostgreSQL the candidates are locked with SKIP LOCKED, so concurrent instances each
 * take different rows instead of waiting for each other. The candidates sit in a MATERIALIZED CTE
 * because PostgreSQL may otherwise plan `id IN (subquery)` as a nested loop that runs the subquery once
 * per outer row, and LIMIT stops limiting the claim. The due condition is checked again on the rows
 * being updated, in case one was claimed meanwhile. SQLite runs one writing statement at a time, which
 * makes the same statement atomic there.
 */
export async function claimDueRows(
  db: Kysely<Database>,
  dialect: Dialect,
  claim: Claim,
): Promise<OutboxRow[]> {
  const nowIso = claim.now.toISOString();
  return db
    .with(
      (cte) => cte('claimable').materialized(),
      (qb) => {
        const candidates = qb
          .selectFrom('outbox')
          .select('id')
          .where((eb) => isDue(eb, nowIso))
          .orderBy('next_attempt_at')
          .limit(claim.limit);
        return dialect === 'postgres' ? candidates.forUpdate().skipLocked() : candidates;
      },
    )
    .updateTable('outbox')
    .set({ status: 'sending', locked_until: claim.lockedUntil, claim_token: claim.token })
    .where('id', 'in', (eb) => eb.selectFrom('claimable').select('claimable.id'))
    .where((eb) => isDue(eb, nowIso))
    .returningAll()
    .execute();
}

/**
 * Gives back the rows still held by these claims, due at once. For claims whose statement failed: it
 * may have committed all the same, and then nobody is sending those rows. Returns how many came back.
 */
export async function releaseClaims(db: Kysely<Database>, tokens: string[]): Promise<number> {
  if (tokens.length === 0) return 0;
  const result = await db
    .updateTable('outbox')
    .set({ status: 'pending', locked_until: null, claim_token: null })
    .where('status', '=', 'sending')
    .where('claim_token', 'in', tokens)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The server accepted the message. Recorded even if the lease ran out meanwhile: it did go out. */
export async function markSent(db: Kysely<Database>, row: OutboxRow, now: Date): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: 'sent',
      sent_at: now.toISOString(),
      attempts: row.attempts + 1,
      locked_until: null,
      claim_token: null,
    })
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
      claim_token: null,
    })
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .where('claim_token', '=', row.claim_token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
