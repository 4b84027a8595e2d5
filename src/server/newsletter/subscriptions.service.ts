import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import type { SubscriberItem } from '../../shared/admin-schemas.ts';
import { DAY_MS, clock } from '../../shared/clock.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import type { NewsletterSubscription } from '../../shared/schemas.ts';
import { recordConsent, withdrawConsent } from '../consent/consents.repository.ts';
import { isBlocked, type PersonDataSource } from '../consent/person-data.ts';
import { timeOrderedId } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import { csvStream } from '../lib/csv.ts';
import { hashToken, looksLikeToken, newToken } from '../lib/link-tokens.ts';
import { cancelPendingMail, queueMail } from '../mail/outbox.repository.ts';
import {
  changeStatus,
  eachSubscriber,
  deletePendingBefore,
  deleteSubscriber,
  insertSubscriber,
  mailsToAddressSince,
  subscriberByConfirmHash,
  subscriberByDeliveryHash,
  subscriberByEmail,
  subscribersByEmail,
  subscribersPage,
  updateSubscriber,
  type SubscriberFilter,
  type SubscriberRow,
} from './subscribers.repository.ts';
import { CONFIRMATION_PURPOSE, confirmationMail, type MailSettings } from './templates.ts';

/** Confirmation mails one address receives in 24 hours, however often the form is sent. */
export const CONFIRMATIONS_DAILY_CAP = 3;
/** A subscription not confirmed within this many days is deleted (and its link stops working). */
export const PENDING_DAYS = 30;

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
const pendingCutoff = (now: Date) => new Date(now.getTime() - PENDING_DAYS * DAY_MS).toISOString();

/**
 * Starts the double opt-in for an address, in one transaction: stores it as pending (or puts an
 * unsubscribed one back to pending) and queues the confirmation mail. An active address gets nothing;
 * an address past its daily share of confirmation mails gets no new one; a blocked person (privacy
 * law) nothing at all.
 */
export function requestSubscription(
  db: Kysely<Database>,
  input: NewSubscription,
  mail: MailSettings,
  now = new Date(),
): Promise<SubscribeOutcome> {
  return db.transaction().execute(async (trx) => {
    const email = normalise(input.email);
    if (await isBlocked(trx, email)) return 'blocked';
    const existing = await subscriberByEmail(trx, email);
    if (existing?.status === 'active') return 'already-active';
    const nowIso = now.toISOString();
    const since = new Date(now.getTime() - DAY_MS).toISOString();
    const capped =
      (await mailsToAddressSince(trx, email, CONFIRMATION_PURPOSE, since)) >= CONFIRMATIONS_DAILY_CAP;
    // Past its share, an address keeps its current link (a new one would not be mailed).
    if (capped && existing) return 'capped';
    const token = newToken();
    const stillPending = existing?.status === 'pending';
    const fields = {
      full_name: input.fullName?.trim() || existing?.full_name || null,
      status: 'pending' as const,
      source: input.source,
      notice_version: PRIVACY_NOTICE_VERSION,
      confirm_token_hash: hashToken(token),
      pending_since: stillPending ? existing.pending_since : nowIso,
      status_changed_at: stillPending ? existing.status_changed_at : nowIso,
    };
    const id = existing?.id ?? timeOrderedId();
    if (existing) {
      await updateSubscriber(trx, id, fields);
    } else {
      const stored = await insertSubscriber(trx, {
        id,
        email,
        ...fields,
        created_at: nowIso,
        confirmed_at: null,
        unsubscribed_at: null,
        bounced_at: null,
      });
      // The same address sent twice at once: the other request stored it and mails it.
      if (!stored) return 'capped';
    }
    if (capped) return 'capped';
    const message = confirmationMail(mail, token);
    await queueMail(
      trx,
      [{ purpose: CONFIRMATION_PURPOSE, to: email, ...message, refId: id }],
      mail.mailFrom,
      now,
    );
    return 'mailed';
  });
}

/** The subscription a confirmation link names, while it may still be confirmed (or already was). */
export async function subscriberByConfirmToken(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<SubscriberRow | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const row = await subscriberByConfirmHash(db, hashToken(token));
  if (row?.status === 'active') return row;
  if (row?.status === 'pending' && (row.pending_since ?? '') > pendingCutoff(now)) return row;
  return undefined;
}

/**
 * Confirms the subscription a confirmation link names, and records the consent (when, from which
 * form, under which notice). Confirming twice changes nothing. False for an unknown or expired link.
 */
export async function confirmSubscription(db: Kysely<Database>, token: string, now = new Date()) {
  // A made-up link costs no transaction.
  if (!looksLikeToken(token)) return false;
  return db.transaction().execute(async (trx) => {
    const row = await subscriberByConfirmToken(trx, token, now);
    if (!row) return false;
    if (row.status === 'active') return true;
    const nowIso = now.toISOString();
    const confirmed = { status: 'active' as const, confirmed_at: nowIso, pending_since: null };
    if (!(await changeStatus(trx, row.id, 'pending', { ...confirmed, status_changed_at: nowIso }))) {
      return true;
    }
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
export async function subscriberByUnsubscribeToken(db: Kysely<Database>, token: string) {
  return looksLikeToken(token) ? subscriberByDeliveryHash(db, hashToken(token)) : undefined;
}

/**
 * Unsubscribes at once the subscriber an unsubscribe token names: the consent is withdrawn and every
 * message of theirs still waiting in the outbox is cancelled. Twice is harmless. False when unknown.
 */
export async function unsubscribe(db: Kysely<Database>, token: string, now = new Date()) {
  if (!looksLikeToken(token)) return false;
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
  await updateSubscriber(trx, row.id, {
    status: 'unsubscribed',
    unsubscribed_at: nowIso,
    status_changed_at: nowIso,
    pending_since: null,
  });
  await withdrawConsent(trx, row.email, 'newsletter', now);
}

/**
 * The mail server refused a campaign message for good: the address is marked bounced, so later
 * campaigns leave it out (it may subscribe again, which confirms it works).
 */
export function markBounced(db: Kysely<Database>, subscriberId: string, now = new Date()) {
  const nowIso = now.toISOString();
  return changeStatus(db, subscriberId, 'active', {
    status: 'bounced',
    bounced_at: nowIso,
    status_changed_at: nowIso,
  });
}

/** Deletes subscriptions never confirmed within PENDING_DAYS. Returns how many went. */
export function purgeExpiredPending(db: Kysely<Database>, now = new Date()): Promise<number> {
  return db.transaction().execute((trx) => deletePendingBefore(trx, pendingCutoff(now)));
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

/** A page of the subscribers as the admin lists them, blocked people left out. */
export async function listSubscribers(
  db: Kysely<Database>,
  filter: SubscriberFilter,
  page: { offset: number; limit: number },
): Promise<{ data: SubscriberItem[]; total: number }> {
  const { rows, total } = await subscribersPage(db, filter, page);
  return { data: rows.map(toItem), total };
}

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pendiente',
  active: 'Activa',
  unsubscribed: 'Dada de baja',
  bounced: 'Rebotada',
};
const CSV_HEADER = ['Correo', 'Nombre', 'Estado', 'Desde (hora de la Ciudad de México)', 'Origen', 'Alta'];

/** The matching subscribers as a spreadsheet, written as they are read (blocked people left out). */
export function subscribersCsv(db: Kysely<Database>, filter: SubscriberFilter): Readable {
  async function* rows() {
    for await (const row of eachSubscriber(db, filter)) {
      yield [
        row.email,
        row.full_name ?? '',
        STATUS_LABELS[row.status] ?? row.status,
        clock.formatNumeric(row.status_changed_at),
        row.source,
        clock.formatNumeric(row.created_at),
      ];
    }
  }
  return csvStream(CSV_HEADER, rows());
}

/** The person-data registry's view of the subscriptions (consent/person-data.ts). */
export const subscriptionsPersonData: PersonDataSource = {
  key: 'subscriptions',
  async find(db, email) {
    const rows = await subscribersByEmail(db, normalise(email));
    return rows.map(({ confirm_token_hash: _hash, ...row }) => row);
  },
  async block(db, email) {
    // Blocking also ends the subscription: nothing more is sent, the consent is withdrawn.
    const row = await subscriberByEmail(db, normalise(email));
    if (row && row.status !== 'unsubscribed') await leave(db, row, new Date());
  },
  erase: (db, email) => deleteSubscriber(db, normalise(email)),
};

/** The subscriptions as the app's routes and other domains use them: mail woken, outcomes logged. */
export function subscriptionsService(app: FastifyInstance) {
  const mail = { mailFrom: app.config.mailFrom, siteUrl: app.config.siteUrl };
  async function subscribe(subscription: NewSubscription): Promise<SubscribeOutcome> {
    const outcome = await requestSubscription(app.db, subscription, mail);
    if (outcome === 'mailed') app.mailWorker.wake();
    if (outcome === 'capped') app.log.warn('newsletter confirmation skipped: daily cap for this address');
    return outcome;
  }
  return {
    subscribe,
    /** The footer form or its API: a filled-in honeypot is answered alike, nothing stored or mailed. */
    async take(log: FastifyBaseLogger, form: NewsletterSubscription): Promise<void> {
      if (form.website?.trim()) {
        log.info('newsletter subscription flagged as spam; ignored');
        return;
      }
      await subscribe({ email: form.email, fullName: form.fullName, source: 'boletin' });
    },
    isConfirmable: async (token: string) => Boolean(await subscriberByConfirmToken(app.db, token)),
    confirm: (token: string) => confirmSubscription(app.db, token),
    isUnsubscribable: async (token: string) => Boolean(await subscriberByUnsubscribeToken(app.db, token)),
    unsubscribe: (token: string) => unsubscribe(app.db, token),
    list: (filter: SubscriberFilter, page: { offset: number; limit: number }) =>
      listSubscribers(app.db, filter, page),
    csv: (filter: SubscriberFilter) => subscribersCsv(app.db, filter),
    async purge(): Promise<void> {
      const deleted = await purgeExpiredPending(app.db);
      if (deleted > 0) app.log.info({ deleted }, 'unconfirmed newsletter subscriptions deleted');
    },
  };
}

export type SubscriptionsService = ReturnType<typeof subscriptionsService>;
