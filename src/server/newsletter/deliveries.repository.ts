import type { Insertable, Kysely } from 'kysely';
import { notBlocked } from '../consent/person-data.ts';
import type { Database, NewsletterDeliveriesTable } from '../db/schema.ts';

export async function insertDeliveries(
  db: Kysely<Database>,
  rows: readonly Insertable<NewsletterDeliveriesTable>[],
): Promise<void> {
  await db.insertInto('newsletter_deliveries').values(rows).execute();
}

export async function countDeliveries(db: Kysely<Database>, campaignId: string): Promise<number> {
  const row = await db
    .selectFrom('newsletter_deliveries')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many of these campaigns' messages stand in each outbox status, from one grouped read. */
export async function deliveryStatusCounts(db: Kysely<Database>, campaignIds: readonly string[]) {
  if (campaignIds.length === 0) return [];
  return db
    .selectFrom('newsletter_deliveries')
    .innerJoin('outbox', 'outbox.id', 'newsletter_deliveries.outbox_id')
    .select([
      'newsletter_deliveries.campaign_id as campaignId',
      'outbox.status as status',
      (eb) => eb.fn.countAll<number | string | bigint>().as('n'),
    ])
    .where('newsletter_deliveries.campaign_id', 'in', campaignIds)
    .groupBy(['newsletter_deliveries.campaign_id', 'outbox.status'])
    .execute();
}

/**
 * A campaign's uncertain messages to subscribers still active (and not blocked) made due again at
 * `nowIso`; returns how many.
 */
export async function requeueUncertain(db: Kysely<Database>, campaignId: string, nowIso: string) {
  const stillWanted = db
    .selectFrom('newsletter_deliveries')
    .innerJoin('newsletter_subscribers', 'newsletter_subscribers.id', 'newsletter_deliveries.subscriber_id')
    .select('newsletter_deliveries.outbox_id')
    .where('newsletter_deliveries.campaign_id', '=', campaignId)
    .where('newsletter_subscribers.status', '=', 'active')
    .where((eb) => notBlocked(eb, 'newsletter_subscribers.email'));
  const result = await db
    .updateTable('outbox')
    .set({ status: 'pending', next_attempt_at: nowIso, locked_until: null, claim_token: null })
    .where('status', '=', 'uncertain')
    .where('id', 'in', stillWanted)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A campaign's messages still uncertain, cancelled. */
export async function cancelUncertain(db: Kysely<Database>, campaignId: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'cancelled', claim_token: null })
    .where('status', '=', 'uncertain')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('newsletter_deliveries')
        .select('outbox_id')
        .where('newsletter_deliveries.campaign_id', '=', campaignId),
    )
    .execute();
}
