import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The marker of the demo's activity in the key-value table: once written, it is never added again. */
export const ACTIVITY_MARKER = 'demo_activity_at';
/** What the content domain writes once it has seeded the demo content. */
const CONTENT_MARKER = 'demo_seeded_at';

const hasRow = async (query: { executeTakeFirst(): Promise<unknown> }) =>
  (await query.executeTakeFirst()) !== undefined;

/**
 * Whether the demo's activity belongs here: the demo content was seeded, the activity never was, and
 * nobody has used the site's sign-ups or newsletter yet.
 */
export async function awaitsActivity(db: Kysely<Database>): Promise<boolean> {
  const marker = (key: string) => db.selectFrom('kv').select('key').where('key', '=', key).limit(1);
  if (!(await hasRow(marker(CONTENT_MARKER))) || (await hasRow(marker(ACTIVITY_MARKER)))) return false;
  for (const table of ['registrations', 'newsletter_subscribers', 'newsletter_campaigns'] as const) {
    if (await hasRow(db.selectFrom(table).select('id').limit(1))) return false;
  }
  return true;
}

/** Writes the marker; a second instance writing it at the same time meets the key's unique constraint. */
export async function markActivity(db: Kysely<Database>, nowIso: string): Promise<void> {
  await db.insertInto('kv').values({ key: ACTIVITY_MARKER, value: nowIso }).execute();
}

/** An insert of some rows of one table, none when the list is empty. */
const inserter =
  <T extends keyof Database & string>(table: T) =>
  async (db: Kysely<Database>, rows: readonly Insertable<Database[T]>[]) => {
    if (rows.length === 0) return;
    // Kysely cannot type an insert into a table chosen by a type parameter; each caller's is.
    await db
      .insertInto(table)
      .values(rows as never)
      .execute();
  };

export const insertEvents = inserter('events');
export const insertRegistrations = inserter('registrations');
export const insertConsents = inserter('consents');
export const insertCertificateSettings = inserter('certificate_settings');
export const insertFollowups = inserter('event_followups');
export const insertCertificates = inserter('certificates');
export const insertSurveyAnswers = inserter('survey_answers');
export const insertSubscribers = inserter('newsletter_subscribers');
export const insertCampaigns = inserter('newsletter_campaigns');
export const insertOutbox = inserter('outbox');
export const insertDeliveries = inserter('newsletter_deliveries');
