import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface OutboxState {
  /** Seconds since the oldest message that is due and not yet sent was written; null when none waits. */
  oldestUnsentSeconds: number | null;
  /** Messages that failed for good (kept for the association to see). */
  failed: number;
}

/** How the outbox is doing, from two indexed reads; nothing personal. */
export async function outboxState(db: Kysely<Database>, now = new Date()): Promise<OutboxState> {
  const nowIso = now.toISOString();
  const [oldest, failed] = await Promise.all([
    db
      .selectFrom('outbox')
      .select((eb) => eb.fn.min('created_at').as('created_at'))
      .where('status', 'in', ['pending', 'sending'])
      // A message written for later (a reminder) is not waiting until its time.
      .where('next_attempt_at', '<=', nowIso)
      .executeTakeFirst(),
    db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('status', '=', 'failed')
      .executeTakeFirstOrThrow(),
  ]);
  const createdAt = oldest?.created_at;
  return {
    oldestUnsentSeconds: createdAt
      ? Math.max(0, Math.floor((now.getTime() - Date.parse(createdAt)) / 1000))
      : null,
    failed: Number(failed.n),
  };
}
