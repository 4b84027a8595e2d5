import { sql, type Kysely, type Selectable } from 'kysely';
import { DAY_MS } from '../../shared/clock.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import { recordConsent, withdrawConsent } from '../consent/consents.repository.ts';
import { isBlocked, notBlocked } from '../consent/person-data.ts';
import { timeOrderedId } from '../db/ids.ts';
import type { Database, NewsletterSubscribersTable, SubscriberStatus } from '../db/schema.ts';
import { cancelPendingMail, queueMail } from '../mail/outbox.repository.ts';
import { confirmationMail, type SiteAddress } from './templates.ts';
import { hashToken, newToken } from '../lib/link-tokens.ts';

/** Confirmation mails one address receives in 24 hours, however often the form is sent. */
export const CONFIRMATIONS_DAILY_CAP = 3;
/** A subscription not confirmed within this many days is deleted (and its link stops working). */
export const PENDING_DAYS = 30;

export const CONFIRMATION_PURPOSE = 'newsletter-confirm';
export const CAMPAIGN_PURPOSE = 'newsletter';

export type SubscriberRow = Selectable<NewsletterSubscribersTable>;

/** The form an address came from. */
export type SubscriptionSource = 'boletin' | 'contacto' | 'membresia' | 'registro';

export interface NewSubscription {
  email: string;
  fullName?: string | null;
  source: SubscriptionSource;
}

/** What became of a subscription request (never told to the visitor, who always reads "pending"). */
export type SubscribeOutcome = 'mailed' | 'capped' | 'already-active' | 'blocked';

const normalise = (email: string) => email.trim().toLowerCase();

/**
 * Starts the double opt-in for an address: stores it as pending (or puts an unsubscribed one back to
 * pending) and queues the confirmation mail, in the caller's transaction. An active address gets
 * nothing; an address past its daily share of confirmation mails gets no new one; a blocked person
 * (privacy law) nothing at all.
 */
export async function requestSubscription(
  trx: Kysely<Database>,
  input: NewSubscription,
  mail: SiteAddress & { mailFrom: string },
  now = new Date(),
): Promise<SubscribeOutcome> {
  const email = normalise(input.email);
  if (await isBlocked(trx, email)) return 'blocked';
  const existing = await trx
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
  if (existing?.status === 'active') return 'already-active';
  const nowIso = now.toISOString();
  const capped = (await confirmationsSentToday(trx, email, now)) >= CONFIRMATIONS_DAILY_CAP;
  // Past its share, an address keeps its current link (a new one would not be mailed).
  if (capped && existing) return 'capped';
  const token = newToken();
  const fields = {
    full_name: input.fullName?.trim() || existing?.full_name || null,
    status: 'pending' as const,
    source: input.source,
    notice_version: PRIVACY_NOTICE_VERSION,
    confirm_token_hash: hashToken(token),
    pending_since: existing?.status === 'pending' ? existing.pending_since : nowIso,
    status_changed_at: existing?.status === 'pending' ? existing.status_changed_at : nowIso,
  };
  let id = existing?.id;
  if (existing) {
    await trx.updateTable('newsletter_subscribers').set(fields).where('id', '=', existing.id).execute();
  } else {
    id = timeOrderedId();
    const inserted = await trx
      .insertInto('newsletter_subscribers')
      .values({
        id,
        email,
        ...fields,
        created_at: nowIso,
        confirmed_at: null,
        unsubscribed_at: null,
        bounced_at: null,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst();
    // The same address sent twice at once: the other request stored it and mails it.
    if (Number(inserted.numInsertedOrUpdatedRows ?? 1) === 0) return 'capped';
  }
  if (capped) return 'capped';
  await queueMail(
    trx,
    [
      {
        purpose: CONFIRMATION_PURPOSE,
        to: email,
        ...confirmationMail(mail, token, fields.full_name),
        refId: id,
      },
    ],
    mail.mailFrom,
    now,
  );
  return 'mailed';
}

/** Confirmation mails queued for this address in the 24 hours before `now`. */
async function confirmationsSentToday(db: Kysely<Database>, email: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('purpose', '=', CONFIRMATION_PURPOSE)
    .where('created_at', '>', since)
    .where(sql<string>`lower(to_address)`, '=', email)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const pendingCutoff = (now: Date) => new Date(now.getTime() - PENDING_DAYS * DAY_MS).toISOString();

/** The subscription a confirmation link names, while it may still be confirmed (or already was). */
export async function subscriberByConfirmToken(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<SubscriberRow | undefined> {
  const row = await db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('confirm_token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.status === 'active') return row;
  if (row.status === 'pending' && (row.pending_since ?? '') > pendingCutoff(now)) return row;
  return undefined;
}

/**
 * Confirms the subscription a confirmation link names, and records the consent (when, from which
 * form, under which notice). Confirming twice changes nothing. False for an unknown or expired link.
 */
export async function confirmSubscription(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await subscriberByConfirmToken(trx, token, now);
    if (!row) return false;
    if (row.status === 'active') return true;
    const nowIso = now.toISOString();
    const updated = await trx
      .updateTable('newsletter_subscribers')
      .set({ status: 'active', confirmed_at: nowIso, pending_since: null, status_changed_at: nowIso })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return true;
    await recordConsent(trx, {
      email: row.email,
      purpose: 'newsletter',
      source: row.source,
      noticeVersion: row.notice_version,
      refId: row.id,
      givenAt: now,
    });
    return true;
  });
}

/** The subscriber whose copy of a campaign carried this unsubscribe token. */
export async function subscriberByUnsubscribeToken(
  db: Kysely<Database>,
  token: string,
): Promise<SubscriberRow | undefined> {
  return db
    .selectFrom('newsletter_deliveries')
    .innerJoin('newsletter_subscribers', 'newsletter_subscribers.id', 'newsletter_deliveries.subscriber_id')
    .selectAll('newsletter_subscribers')
    .where('newsletter_deliveries.token_hash', '=', hashToken(token))
    .executeTakeFirst();
}

/**
 * Unsubscribes at once the subscriber an unsubscribe token names: the consent is withdrawn and every
 * message of theirs still waiting in the outbox is cancelled. Twice is harmless. False when unknown.
 */
export async function unsubscribe(db: Kysely<Database>, token: string, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await subscriberByUnsubscribeToken(trx, token);
    if (!row) return false;
    await leave(trx, row, now);
    return true;
  });
}

async function leave(trx: Kysely<Database>, row: SubscriberRow, now: Date): Promise<void> {
  await cancelPendingMail(trx, { refId: row.id });
  if (row.status === 'unsubscribed') return;
  const nowIso = now.toISOString();
  await trx
    .updateTable('newsletter_subscribers')
    .set({ status: 'unsubscribed', unsubscribed_at: nowIso, status_changed_at: nowIso, pending_since: null })
    .where('id', '=', row.id)
    .execute();
  await withdrawConsent(trx, row.email, 'newsletter', now);
}

/**
 * The mail server refused a campaign message for good: the address is marked bounced, so later
 * campaigns leave it out (it may subscribe again, which confirms it works).
 */
export async function markBounced(db: Kysely<Database>, subscriberId: string, now = new Date()) {
  const nowIso = now.toISOString();
  const result = await db
    .updateTable('newsletter_subscribers')
    .set({ status: 'bounced', bounced_at: nowIso, status_changed_at: nowIso })
    .where('id', '=', subscriberId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes subscriptions never confirmed within PENDING_DAYS. Returns how many went. */
export async function purgeExpiredPending(db: Kysely<Database>, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const expired = (eb: Kysely<Database>) =>
      eb
        .selectFrom('newsletter_subscribers')
        .select('id')
        .where('status', '=', 'pending')
        .where('pending_since', '<', pendingCutoff(now));
    await trx.deleteFrom('newsletter_deliveries').where('subscriber_id', 'in', expired(trx)).execute();
    const result = await trx
      .deleteFrom('newsletter_subscribers')
      .where('status', '=', 'pending')
      .where('pending_since', '<', pendingCutoff(now))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** One subscriber as the admin lists it. */
export interface SubscriberItem {
  id: string;
  email: string;
  fullName: string | null;
  status: SubscriberStatus;
  source: string;
  /** When the current status began. */
  since: string;
  createdAt: string;
  confirmedAt: string | null;
}

const toItem = (row: SubscriberRow): SubscriberItem => ({
  id: row.id,
  email: row.email,
  fullName: row.full_name,
  status: row.status,
  source: row.source,
  since: row.status_changed_at,
  createdAt: row.created_at,
  confirmedAt: row.confirmed_at,
});

export interface SubscriberFilter {
  status?: SubscriberStatus;
  q?: string;
}

function filtered(db: Kysely<Database>, filter: SubscriberFilter) {
  let query = db
    .selectFrom('newsletter_subscribers')
    .where((eb) => notBlocked(eb, 'newsletter_subscribers.email'));
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

/** A page of subscribers (newest first) and how many match, blocked people left out. */
export async function listSubscribers(
  db: Kysely<Database>,
  filter: SubscriberFilter,
  page: { offset: number; limit: number },
): Promise<{ items: SubscriberItem[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter).selectAll().orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toItem), total: Number(count.n) };
}

/** Every matching subscriber, a page at a time (for the CSV export), blocked people left out. */
export async function* eachSubscriber(
  db: Kysely<Database>,
  filter: SubscriberFilter,
  pageSize = 1_000,
): AsyncGenerator<SubscriberItem> {
  let after: string | undefined;
  for (;;) {
    let query = filtered(db, filter).selectAll().orderBy('id').limit(pageSize);
    if (after) query = query.where('id', '>', after);
    const rows = await query.execute();
    for (const row of rows) yield toItem(row);
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]?.id;
  }
}

/** The person-data registry's view of this table (consent/person-data.ts). */
export const subscriptionsPersonData = {
  key: 'subscriptions',
  async find(db: Kysely<Database>, email: string) {
    const rows = await db
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where('email', '=', normalise(email))
      .execute();
    return rows.map(({ confirm_token_hash: _hash, ...row }) => row);
  },
  async block(db: Kysely<Database>, email: string) {
    // Blocking also ends the subscription: nothing more is sent, the consent is withdrawn.
    const row = await db
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where('email', '=', normalise(email))
      .executeTakeFirst();
    if (row && row.status !== 'unsubscribed') await leave(db, row, new Date());
  },
  async erase(db: Kysely<Database>, email: string) {
    const ids = db.selectFrom('newsletter_subscribers').select('id').where('email', '=', normalise(email));
    await db.deleteFrom('newsletter_deliveries').where('subscriber_id', 'in', ids).execute();
    const result = await db
      .deleteFrom('newsletter_subscribers')
      .where('email', '=', normalise(email))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
