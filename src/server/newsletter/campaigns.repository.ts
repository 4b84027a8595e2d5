import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, NewsletterCampaignsTable } from '../db/schema.ts';

export type CampaignRow = Selectable<NewsletterCampaignsTable>;

const updated = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) > 0;

export async function insertCampaign(db: Kysely<Database>, row: Insertable<NewsletterCampaignsTable>) {
  await db.insertInto('newsletter_campaigns').values(row).execute();
}

export const getCampaignRow = (db: Kysely<Database>, id: string) =>
  db.selectFrom('newsletter_campaigns').selectAll().where('id', '=', id).executeTakeFirst();

/** Changes a campaign that is still a draft; false when there is no such draft (any more). */
export async function updateDraft(
  db: Kysely<Database>,
  id: string,
  fields: Updateable<NewsletterCampaignsTable>,
): Promise<boolean> {
  return updated(
    await db
      .updateTable('newsletter_campaigns')
      .set(fields)
      .where('id', '=', id)
      .where('status', '=', 'draft')
      .executeTakeFirst(),
  );
}

/**
 * Moves a campaign's cursor from `from` (where a batch started) to `to`; false when it no longer
 * stands at `from` (another queuer committed that batch meanwhile).
 */
export async function moveCursor(
  db: Kysely<Database>,
  id: string,
  from: string | null,
  to: string,
  nowIso: string,
): Promise<boolean> {
  let move = db
    .updateTable('newsletter_campaigns')
    .set({ cursor: to, updated_at: nowIso })
    .where('id', '=', id);
  move = from ? move.where('cursor', '=', from) : move.where('cursor', 'is', null);
  return updated(await move.executeTakeFirst());
}

/** A campaign fully queued: `sending` from now on, `total` what was queued. */
export async function markQueued(db: Kysely<Database>, id: string, total: number, nowIso: string) {
  await db
    .updateTable('newsletter_campaigns')
    .set({ status: 'sending', total, queued_at: nowIso, updated_at: nowIso })
    .where('id', '=', id)
    .where('status', '=', 'queuing')
    .execute();
}

/** One page of the campaigns, newest first, and how many there are in all. */
export async function campaignsPage(db: Kysely<Database>, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('newsletter_campaigns')
      .selectAll()
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('newsletter_campaigns')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The campaign whose sending started last (sent or being sent); undefined before the first. */
export const lastStartedCampaign = (db: Kysely<Database>) =>
  db
    .selectFrom('newsletter_campaigns')
    .selectAll()
    .where('status', '!=', 'draft')
    .orderBy('send_started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Campaigns whose queuing was interrupted (a crash, a restart) and must go on. */
export async function campaignsBeingQueued(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('newsletter_campaigns')
    .select('id')
    .where('status', '=', 'queuing')
    .execute();
  return rows.map((row) => row.id);
}

/** The address of a logged-in admin (a campaign's test copy goes there). */
export async function adminEmail(db: Kysely<Database>, adminId: string): Promise<string | undefined> {
  const row = await db.selectFrom('admins').select('email').where('id', '=', adminId).executeTakeFirst();
  return row?.email;
}
