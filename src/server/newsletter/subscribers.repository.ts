import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import { notBlocked } from '../consent/person-data.ts';
import type { Database, NewsletterSubscribersTable, SubscriberStatus } from '../db/schema.ts';

export type SubscriberRow = Selectable<NewsletterSubscribersTable>;

export interface SubscriberFilter {
  status?: SubscriberStatus;
  q?: string;
}

const subscribers = (db: Kysely<Database>) => db.selectFrom('newsletter_subscribers');

export const subscriberByEmail = (db: Kysely<Database>, email: string) =>
  subscribers(db).selectAll().where('email', '=', email).executeTakeFirst();

/** Stores a new address; false when the same address was stored meanwhile (the column is unique). */
export async function insertSubscriber(
  db: Kysely<Database>,
  row: Insertable<NewsletterSubscribersTable>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('newsletter_subscribers')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 1) > 0;
}

export async function updateSubscriber(
  db: Kysely<Database>,
  id: string,
  fields: Updateable<NewsletterSubscribersTable>,
): Promise<void> {
  await db.updateTable('newsletter_subscribers').set(fields).where('id', '=', id).execute();
}

export const subscriberByConfirmHash = (db: Kysely<Database>, hash: string) =>
  subscribers(db).selectAll().where('confirm_token_hash', '=', hash).executeTakeFirst();

/** The subscriber whose copy of a campaign carried the unsubscribe token with this hash. */
export const subscriberByDeliveryHash = (db: Kysely<Database>, hash: string) =>
  db
    .selectFrom('newsletter_deliveries')
    .innerJoin('newsletter_subscribers', 'newsletter_subscribers.id', 'newsletter_deliveries.subscriber_id')
    .selectAll('newsletter_subscribers')
    .where('newsletter_deliveries.token_hash', '=', hash)
    .executeTakeFirst();

/**
 * Moves a subscriber from one status to another, with the fields that go with it; false when it was
 * not in `from` any more (another request moved it first).
 */
export async function changeStatus(
  db: Kysely<Database>,
  id: string,
  from: SubscriberStatus,
  fields: Updateable<NewsletterSubscribersTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_subscribers')
    .set(fields)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Confirmation mails (of this purpose) queued for this address since the given time. */
export async function mailsToAddressSince(
  db: Kysely<Database>,
  email: string,
  purpose: string,
  sinceIso: string,
): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('purpose', '=', purpose)
    .where('created_at', '>', sinceIso)
    .where(sql<string>`lower(to_address)`, '=', email)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the subscriptions still pending since before the cutoff, and their deliveries. */
export async function deletePendingBefore(db: Kysely<Database>, cutoffIso: string): Promise<number> {
  const expired = subscribers(db)
    .select('id')
    .where('status', '=', 'pending')
    .where('pending_since', '<', cutoffIso);
  await db.deleteFrom('newsletter_deliveries').where('subscriber_id', 'in', expired).execute();
  const result = await db
    .deleteFrom('newsletter_subscribers')
    .where('status', '=', 'pending')
    .where('pending_since', '<', cutoffIso)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The audience of a campaign: active subscribers, blocked people left out. */
const audience = (db: Kysely<Database>) =>
  subscribers(db)
    .where('status', '=', 'active')
    .where((eb) => notBlocked(eb, 'newsletter_subscribers.email'));

export async function countAudience(db: Kysely<Database>): Promise<number> {
  const row = await audience(db)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The next `limit` of a campaign's audience after the subscriber id `after` (in id order). */
export function audienceAfter(db: Kysely<Database>, after: string | null, limit: number) {
  let query = audience(db).select(['id', 'email']).orderBy('id').limit(limit);
  if (after) query = query.where('id', '>', after);
  return query.execute();
}

function filtered(db: Kysely<Database>, filter: SubscriberFilter) {
  let query = subscribers(db).where((eb) => notBlocked(eb, 'newsletter_subscribers.email'));
  if (filter.status) query = query.where('status', '=', filter.status);
  const q = filter.q?.trim();
  if (q) {
    const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(email)`, 'like', sql<string>`${pattern} escape '\\'`),
        eb(sql<string>`lower(coalesce(full_name, ''))`, 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  return query;
}

/** How many subscribers match, blocked people left out: the count the admin's list shows. */
export async function countSubscribers(db: Kysely<Database>, filter: SubscriberFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * How many subscribers (blocked people left out) confirmed since `sinceIso`, and how many of those
 * now unsubscribed did so since then.
 */
export async function joinedAndLeftSince(db: Kysely<Database>, sinceIso: string) {
  const row = await filtered(db, {})
    .select((eb) => [
      eb.fn
        .sum<number | string | bigint | null>(
          eb.case().when('confirmed_at', '>=', sinceIso).then(1).else(0).end(),
        )
        .as('joined'),
      eb.fn
        .sum<number | string | bigint | null>(
          eb
            .case()
            .when(eb.and([eb('status', '=', 'unsubscribed'), eb('unsubscribed_at', '>=', sinceIso)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('left'),
    ])
    .executeTakeFirstOrThrow();
  return { joined: Number(row.joined ?? 0), left: Number(row.left ?? 0) };
}

/** A page of matching subscribers (newest first) and how many match, blocked people left out. */
export async function subscribersPage(
  db: Kysely<Database>,
  filter: SubscriberFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: SubscriberRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    filtered(db, filter).selectAll().orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/**
 * Every matching subscriber in id order, read a page at a time: only one page is held, and the
 * connection is free between pages (a slow download does not hold up the site's other queries).
 */
export async function* eachSubscriber(
  db: Kysely<Database>,
  filter: SubscriberFilter,
  pageSize = 1_000,
): AsyncGenerator<SubscriberRow> {
  let after: string | undefined;
  for (;;) {
    let query = filtered(db, filter).selectAll().orderBy('id').limit(pageSize);
    if (after) query = query.where('id', '>', after);
    const rows = await query.execute();
    yield* rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]?.id;
  }
}

export const subscribersByEmail = (db: Kysely<Database>, email: string) =>
  subscribers(db).selectAll().where('email', '=', email).execute();

/** Deletes an address's subscription and its deliveries; returns how many subscriptions went. */
export async function deleteSubscriber(db: Kysely<Database>, email: string): Promise<number> {
  const ids = subscribers(db).select('id').where('email', '=', email);
  await db.deleteFrom('newsletter_deliveries').where('subscriber_id', 'in', ids).execute();
  const result = await db.deleteFrom('newsletter_subscribers').where('email', '=', email).executeTakeFirst();
  return Number(result.numDeletedRows);
}
