import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { DAY_MS } from '../../shared/clock.ts';
import { MEMBERSHIP_TYPES, type MembershipType } from '../../shared/constants.ts';
import type { FormAnswer } from '../../shared/form-answer.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import {
  ContactFormSchema,
  MembershipFormSchema,
  REQUEST_FIELD_NAMES,
  fieldMessages,
  type ContactRequest,
} from '../../shared/schemas.ts';
import { recordConsent } from '../consent/consents.repository.ts';
import { isBlocked } from '../consent/person-data.ts';
import { timeOrderedId } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import { bareAddress, type MailContent } from '../mail/message.ts';
import { queueMail } from '../mail/outbox.repository.ts';
import { lockRecipient } from '../mail/recipient-lock.ts';
import type { MembershipApplications } from '../plugins/membership-applications.ts';
import { acknowledgementsSince, insertRequest, type NewRequest } from './requests.repository.ts';
import { acknowledgementMail, notificationMail } from './templates.ts';

/**
 * Acknowledgements one address receives in 24 hours. A request beyond it is still stored and the
 * association still notified; only the visitor's copy is left out, so the form cannot be used to
 * flood someone's mailbox.
 */
export const ACK_DAILY_CAP = 3;

export interface MailAddresses {
  /** The association's inbox. */
  mailTo: string;
  /** The site's sender; its domain names the Message-IDs. */
  mailFrom: string;
}

export interface StoreOptions {
  /** Acknowledgements one address may receive in 24 hours; unset: no cap. */
  ackDailyCap?: number;
  /** Opens the membership application of a membership request (the members domain); unset: none. */
  applications?: MembershipApplications;
}

/**
 * What became of the acknowledgement: queued, skipped (the address had its share today, or its person
 * is blocked), or none (spam).
 */
export type Acknowledgement = 'queued' | 'capped' | 'blocked' | 'none';

/** The form a request came from, as the consent ledger names it. */
const consentSource = (kind: NewRequest['kind']) => (kind === 'contacto' ? 'contacto' : 'membresia');

/**
 * Stores the request and, unless it is spam, its membership application (for a membership request) and its outbox rows (notification to mailTo with Reply-To =
 * sender; acknowledgement to the sender while that address is under its daily cap), in ONE
 * transaction. The cap never refuses a request: only its acknowledgement is left out.
 *
 * Spam is kept rather than dropped so a false positive can still be found by the association.
 */
export function recordRequest(
  db: Kysely<Database>,
  request: NewRequest,
  mail: MailAddresses,
  options: StoreOptions = {},
): Promise<{ id: string; acknowledgement: Acknowledgement }> {
  const id = timeOrderedId();
  const createdAt = new Date().toISOString();
  const details = { ...request, createdAt };
  return db.transaction().execute(async (trx) => {
    await insertRequest(trx, { ...details, id });
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
    // A membership request is also an application, kept or lost with the request itself.
    if (isMembershipType(request.kind) && options.applications) {
      await options.applications.open(trx, {
        requestId: id,
        fullName: request.fullName,
        company: request.company,
        position: request.position,
        email: request.email,
        phoneNumber: request.phoneNumber,
        plan: request.kind,
      });
    }
    const sender = bareAddress(request.email);
    const message = (purpose: string, to: string, replyTo: string, content: MailContent) => ({
      purpose,
      to,
      replyTo,
      ...content,
      requestId: id,
    });
    const messages = [message('notify', bareAddress(mail.mailTo), sender, notificationMail(details))];
    // A blocked person (their data cancelled) is mailed nothing; the association is still told.
    const blocked = await isBlocked(trx, sender);
    const cap = options.ackDailyCap;
    // Counted one request at a time per address, so the cap holds however many arrive together.
    if (!blocked && cap !== undefined) await lockRecipient(trx, sender);
    const since = new Date(Date.parse(createdAt) - DAY_MS).toISOString();
    const capped = !blocked && cap !== undefined && (await acknowledgementsSince(trx, sender, since)) >= cap;
    // Replies to the acknowledgement should reach people, not the no-reply sender.
    if (!capped && !blocked) {
      messages.push(message('ack', sender, bareAddress(mail.mailTo), acknowledgementMail(details)));
    }
    await queueMail(trx, messages, mail.mailFrom, new Date(createdAt));
    return { id, acknowledgement: blocked ? 'blocked' : capped ? 'capped' : 'queued' };
  });
}

/** Stores a request with its mail, uncapped; returns its id. */
export async function storeRequest(
  db: Kysely<Database>,
  request: NewRequest,
  mail: MailAddresses,
): Promise<string> {
  return (await recordRequest(db, request, mail)).id;
}

/**
 * Takes a valid contact or membership request, however it arrived (the API, or the form posted without
 * script): it is stored with its outbox rows in one transaction, then the mail worker is woken. A
 * filled-in honeypot marks it as spam: kept for the association, never mailed. With its newsletter box
 * ticked, the address is also asked to confirm a subscription. Returns its id.
 */
export async function acceptContactRequest(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  request: ContactRequest,
): Promise<string> {
  const { website, memberships, newsletter, ...fields } = request;
  const spam = Boolean(website?.trim());
  const { id, acknowledgement } = await recordRequest(
    app.db,
    { ...fields, kind: memberships ?? 'contacto', spam },
    { mailTo: app.config.mailTo, mailFrom: app.config.mailFrom },
    { ackDailyCap: ACK_DAILY_CAP, applications: app.membershipApplications },
  );
  if (spam) log.info({ requestId: id }, 'contact request flagged as spam; stored, not mailed');
  if (acknowledgement === 'capped') {
    log.warn(
      { requestId: id },
      'acknowledgement skipped: this address had its daily share; the request is stored and notified',
    );
  }
  // The unticked box ticked: the same double opt-in as the footer form (the newsletter domain).
  if (newsletter && !spam) {
    await app.newsletter.subscribe({
      email: fields.email,
      fullName: fields.fullName,
      source: memberships ? 'membresia' : 'contacto',
    });
  }
  app.mailWorker.wake();
  return id;
}

/** The fields whose values come back to the visitor with their mistakes (never the honeypot). */
const ECHOED_FIELDS = [...REQUEST_FIELD_NAMES, 'memberships', 'newsletter'];

const isMembershipType = (value: unknown): value is MembershipType =>
  MEMBERSHIP_TYPES.includes(value as MembershipType);

/** Which form a plain post came from: the membership form names a type (the first one if it is not one). */
export function requestFormKind(body: Record<string, unknown>): FormAnswer['kind'] {
  if (!('memberships' in body)) return 'contacto';
  return isMembershipType(body.memberships) ? body.memberships : MEMBERSHIP_TYPES[0];
}

/** What the visitor typed, as text, to put back in the form. */
function echoedValues(body: Record<string, unknown>): FormAnswer['values'] {
  const values: FormAnswer['values'] = {};
  for (const field of ECHOED_FIELDS) {
    const value = body[field];
    if (typeof value === 'string') values[field] = value.slice(0, 1_000);
  }
  return values;
}

/**
 * A request form posted without script, checked with its form's own schema: the request to take, or
 * the form again with what was typed and a message by each field to correct.
 */
export function readRequestForm(
  body: Record<string, unknown>,
): { value: ContactRequest } | { mistakes: FormAnswer } {
  const kind = requestFormKind(body);
  const parsed = (kind === 'contacto' ? ContactFormSchema : MembershipFormSchema).safeParse(body);
  if (parsed.success) return { value: parsed.data };
  return { mistakes: { kind, values: echoedValues(body), fields: fieldMessages(parsed.error.issues) } };
}
