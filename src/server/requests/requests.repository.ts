import { sql, type Kysely, type Transaction } from 'kysely';
import type { StoredRequest } from '../../shared/admin-schemas.ts';
import { foldForSearch } from '../../shared/text-fold.ts';
import { timeOrderedId } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import { bareAddress, type MailContent } from '../mail/message.ts';
import { outboxRow } from '../mail/outbox.repository.ts';
import { acknowledgementMail, notificationMail } from './templates.ts';
import { DAY_MS } from '../../shared/clock.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import { recordConsent } from '../consent/consents.repository.ts';
import { isBlocked } from '../consent/person-data.ts';
import { lockRecipient } from '../mail/recipient-lock.ts';

/** What the inbox's search looks in: name, company and e-mail, folded (one per line). */
export const requestSearchText = (request: Pick<NewRequest, 'fullName' | 'company' | 'email'>) =>
  foldForSearch([request.fullName, request.company, request.email].join('\n'));

/** A request as the forms send it, declared once in src/shared/admin-schemas.ts. */
export type NewRequest = StoredRequest;

export interface MailAddresses {
  /** The association's inbox. */
  mailTo: string;
  /** The site's sender; its domain names the Message-IDs. */
  mailFrom: string;
}

export interface StoreOptions {
  /** Acknowledgements one address may receive in 24 hours; unset: no cap. */
  ackDailyCap?: number;
}

/**
 * What became of the acknowledgement: queued, skipped (the address had its share today, or its person
 * is blocked), or none (spam).
 */
export type Acknowledgement = 'queued' | 'capped' | 'blocked' | 'none';

/**
 * Stores the request and, unless it is spam, its outbox rows (notification to mailTo with Reply-To =
 * sender; acknowledgement to the sender while that address is under its daily cap), in ONE
 * transaction. The cap never refuses a request: only its acknowledgement is left out.
 *
 * Spam is kept rather than dropped so a false positive can still be found by the association.
 */
export async function recordRequest(
  db: Kysely<Database>,
  request: NewRequest,
  mail: MailAddresses,
  options: StoreOptions = {},
): Promise<{ id: string; acknowledgement: Acknowledgement }> {
  return db.transaction().execute((trx) => writeRequest(trx, request, mail, options));
}

/** What recordRequest writes, inside the caller's transaction: the request's rows are committed with it. */
export async function writeRequest(
  trx: Transaction<Database>,
  request: NewRequest,
  mail: MailAddresses,
  options: StoreOptions = {},
): Promise<{ id: string; acknowledgement: Acknowledgement }> {
  const id = timeOrderedId();
  const createdAt = new Date().toISOString();
  const details = { ...request, createdAt };
  await trx
    .insertInto('requests')
    .values({
      id,
      kind: request.kind,
      full_name: request.fullName,
      company: request.company,
      position: request.position,
      email: request.email,
      phone_number: request.phoneNumber,
      spam: request.spam ? 1 : 0,
      status: 'nueva',
      created_at: createdAt,
      search_folded: requestSearchText(request),
    })
    .execute();
  // Sending the form is the tacit consent to the notice's necessary purposes, under its current version.
  await recordConsent(trx, {
    email: request.email,
    purpose: 'privacy-notice',
    source: consentSource(request.kind),
    noticeVersion: PRIVACY_NOTICE_VERSION,
    refId: id,
    givenAt: new Date(createdAt),
  });
  if (request.spam) return { id, acknowledgement: 'none' };
  const sender = bareAddress(request.email);
  const message = (purpose: string, to: string, replyTo: string, content: MailContent) =>
    outboxRow({ purpose, to, replyTo, ...content, requestId: id }, mail.mailFrom, createdAt);
  const rows = [message('notify', bareAddress(mail.mailTo), sender, notificationMail(details))];
  // A blocked person (their data cancelled) is mailed nothing; the association is still told.
  const blocked = await isBlocked(trx, sender);
  // Counted one request at a time per address, so the cap holds however many arrive together.
  if (!blocked && options.ackDailyCap !== undefined) await lockRecipient(trx, sender);
  const capped =
    !blocked &&
    options.ackDailyCap !== undefined &&
    (await acksSentToday(trx, sender, createdAt)) >= options.ackDailyCap;
  // Replies to the acknowledgement should reach people, not the no-reply sender.
  if (!capped && !blocked) {
    rows.push(message('ack', sender, bareAddress(mail.mailTo), acknowledgementMail(details)));
  }
  await trx.insertInto('outbox').values(rows).execute();
  return { id, acknowledgement: blocked ? 'blocked' : capped ? 'capped' : 'queued' };
}

/** The form a request came from, as the consent ledger names it. */
export const consentSource = (kind: NewRequest['kind']) => (kind === 'contacto' ? 'contacto' : 'membresia');

/** Stores a request with its mail, uncapped; returns its id. */
export async function storeRequest(
  db: Kysely<Database>,
  request: NewRequest,
  mail: MailAddresses,
): Promise<string> {
  return (await recordRequest(db, request, mail)).id;
}

/** Acknowledgements queued for this address (any case) in the 24 hours before `now`. */
async function acksSentToday(db: Kysely<Database>, address: string, now: string): Promise<number> {
  const since = new Date(Date.parse(now) - DAY_MS).toISOString();
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('purpose', '=', 'ack')
    .where('created_at', '>', since)
    .where(sql<string>`lower(to_address)`, '=', address.toLowerCase())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
