import type { Insertable, Kysely } from 'kysely';
import type { Database, NewsletterRequestsTable } from '../db/schema.ts';

/** Subscriptions asked for and not yet worked out (newsletter_requests): SQL only. */

export async function insertRequest(db: Kysely<Database>, row: Insertable<NewsletterRequestsTable>) {
  await db.insertInto('newsletter_requests').values(row).execute();
}

/** Deletes a request and returns it; undefined when it was already taken (by this or another instance). */
export const takeRequest = (db: Kysely<Database>, id: string) =>
  db.deleteFrom('newsletter_requests').where('id', '=', id).returningAll().executeTakeFirst();

/** The next `limit` requests after the id `after`, oldest first. */
export async function requestIdsAfter(db: Kysely<Database>, after: string, limit: number) {
  const rows = await db
    .selectFrom('newsletter_requests')
    .select('id')
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export const requestsByEmail = (db: Kysely<Database>, email: string) =>
  db.selectFrom('newsletter_requests').selectAll().where('email', '=', email).execute();

export async function deleteRequestsByEmail(db: Kysely<Database>, email: string): Promise<number> {
  const result = await db.deleteFrom('newsletter_requests').where('email', '=', email).executeTakeFirst();
  return Number(result.numDeletedRows);
}
