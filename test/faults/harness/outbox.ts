import type { Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/schema.ts';
import type { OutboxRow } from '../../../src/server/mail/outbox.repository.ts';
import { waitFor } from './server-process.ts';

/** The outbox rows of some requests. */
export function outboxOf(db: Kysely<Database>, requestIds: string[]): Promise<OutboxRow[]> {
  return db.selectFrom('outbox').selectAll().where('request_id', 'in', requestIds).execute();
}

/** Waits until every outbox row of these requests satisfies `done`, and returns them. */
export function waitForOutbox(
  db: Kysely<Database>,
  requestIds: string[],
  done: (row: OutboxRow) => boolean,
  what: string,
  timeoutMs = 20_000,
): Promise<OutboxRow[]> {
  return waitFor(
    what,
    async () => {
      const rows = await outboxOf(db, requestIds);
      return rows.length === requestIds.length * 2 && rows.every(done) ? rows : undefined;
    },
    timeoutMs,
  );
}
