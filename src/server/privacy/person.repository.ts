import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

// Addresses arrive here lower-cased and trimmed (person.service.ts normalises them).

/** The blocking of an address, if any. */
export async function blockOf(db: Kysely<Database>, email: string) {
  const row = await db.selectFrom('blocked_people').selectAll().where('email', '=', email).executeTakeFirst();
  return row ? { blockedAt: row.blocked_at, eraseAfter: row.erase_after, erasedAt: row.erased_at } : null;
}

/** Adds an address to `blocked_people`; false when it is there already. */
export async function insertBlock(
  db: Kysely<Database>,
  block: { email: string; blockedAt: string; eraseAfter: string },
): Promise<boolean> {
  const row = await db
    .insertInto('blocked_people')
    .values({
      email: block.email,
      blocked_at: block.blockedAt,
      erase_after: block.eraseAfter,
      erased_at: null,
    })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning('email')
    .executeTakeFirst();
  return row !== undefined;
}

/** The addresses whose blocking period is over at `now` and that are not erased yet. */
export async function dueForErasure(db: Kysely<Database>, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('blocked_people')
    .select('email')
    .where('erased_at', 'is', null)
    .where('erase_after', '<=', now.toISOString())
    .execute();
  return rows.map((row) => row.email);
}

/** The messages written to an address: their state only (their text is in the requests themselves). */
export async function mailTo(db: Kysely<Database>, email: string) {
  const rows = await db
    .selectFrom('outbox')
    .select(['purpose', 'status', 'subject', 'created_at', 'sent_at'])
    .where(sql<string>`lower(to_address)`, '=', email)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    purpose: row.purpose,
    status: row.status,
    subject: row.subject,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  }));
}

/** Deletes the mail to an address and the association's notifications that answer to it; how many. */
export async function deleteMailOf(db: Kysely<Database>, email: string): Promise<number> {
  const result = await db
    .deleteFrom('outbox')
    .where((eb) =>
      eb.or([eb(sql<string>`lower(to_address)`, '=', email), eb(sql<string>`lower(reply_to)`, '=', email)]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Replaces the address by its hash in the consents' proof and in the blocking, marked erased. */
export async function hashProofOf(
  db: Kysely<Database>,
  email: string,
  hash: string,
  erasedAt: Date,
): Promise<void> {
  await db.updateTable('consents').set({ email: hash }).where('email', '=', email).execute();
  await db
    .updateTable('blocked_people')
    .set({ email: hash, erased_at: erasedAt.toISOString() })
    .where('email', '=', email)
    .execute();
}
