import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ARCO_STATUS_LABELS,
  DUE_SOON_BUSINESS_DAYS,
  arcoDeadlines,
  businessDaysBetween,
  folioDay,
  makeFolio,
  type ArcoRight,
  type ArcoStatus,
} from '../../shared/arco.ts';
import { DAY_MS, clock, parseIsoDay } from '../../shared/clock.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import type { ArcoItem, ArcoReceipt, ArcoRequestInput } from '../../shared/privacy-schemas.ts';
import { auditOf } from '../audit/audit.repository.ts';
import { recordConsent } from '../consent/consents.repository.ts';
import { isBlocked, type PersonDataSource } from '../consent/person-data.ts';
import type { Database } from '../db/schema.ts';
import { bareAddress } from '../mail/message.ts';
import { queueMail, type OutboxMessage } from '../mail/outbox.repository.ts';
import { lockRecipient } from '../mail/recipient-lock.ts';
import {
  anonymiseArcoRequests,
  arcoAcksSince,
  arcoRowsOf,
  folioTaken,
  getArcoRow,
  insertArcoRequest,
  listArcoRows,
  openArcoRows,
  updateArcoStatus,
  type ArcoRow,
} from './arco.repository.ts';
import { emailHash } from './person.service.ts';
import { arcoAcknowledgementMail, arcoNotificationMail } from './templates.ts';

/** Acknowledgements of ARCO requests one address receives in 24 hours (the form cannot flood a mailbox). */
export const ARCO_ACK_DAILY_CAP = 3;

/** The consent ledger's name of the ARCO form. */
export const ARCO_CONSENT_SOURCE = 'derechos-arco';

const randomUnit = () => randomInt(0, 1 << 30) / (1 << 30);

/** A folio for a request received at `receivedAt`, drawn again in the rare case that day's folio exists. */
async function freeFolio(db: Kysely<Database>, receivedAt: Date): Promise<string> {
  let folio = makeFolio(receivedAt, randomUnit);
  for (let tries = 0; await folioTaken(db, folio); tries += 1) {
    if (tries > 20) throw new Error('no free folio');
    folio = makeFolio(receivedAt, randomUnit);
  }
  return folio;
}

/**
 * Whether this request's sender gets an acknowledgement: not when blocked, nor past the daily cap. The
 * recipient's lock, held to the end of the transaction, makes requests arriving at once count in turn.
 */
async function acknowledgementDue(trx: Kysely<Database>, sender: string, now: Date): Promise<boolean> {
  if (await isBlocked(trx, sender)) return false;
  await lockRecipient(trx, sender);
  return (await arcoAcksSince(trx, sender, new Date(now.getTime() - DAY_MS))) < ARCO_ACK_DAILY_CAP;
}

/**
 * Takes a valid ARCO request, from the API or the plain form post: in one transaction it is stored
 * under a new folio, with the notice's consent and its mail (the acknowledgement quoting the folio
 * and the day the answer is due, and the association's notification), then the mail worker is woken.
 * A filled-in honeypot is answered alike but nothing is stored or sent.
 */
export async function acceptArcoRequest(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  input: ArcoRequestInput,
): Promise<ArcoReceipt> {
  const { website, ...request } = input;
  const now = new Date();
  if (website?.trim()) {
    log.info('ARCO request with its honeypot filled; not stored');
    return { folio: makeFolio(now, Math.random), answerDue: arcoDeadlines(now).answerDue };
  }
  const receipt = await app.db.transaction().execute(async (trx) => {
    const folio = await freeFolio(trx, now);
    const row = await insertArcoRequest(trx, { ...request, folio }, now);
    await recordConsent(trx, {
      email: row.email,
      purpose: 'privacy-notice',
      source: ARCO_CONSENT_SOURCE,
      noticeVersion: PRIVACY_NOTICE_VERSION,
      refId: row.id,
      givenAt: now,
    });
    const { answerDue } = arcoDeadlines(row.received_at);
    const details = { ...request, folio, receivedAt: row.received_at, answerDue };
    const sender = bareAddress(request.email);
    const inbox = bareAddress(app.config.mailTo);
    const messages: OutboxMessage[] = [
      {
        purpose: 'arco-notify',
        to: inbox,
        replyTo: sender,
        refId: row.id,
        ...arcoNotificationMail(details),
      },
    ];
    if (await acknowledgementDue(trx, sender, now)) {
      messages.push({
        purpose: 'arco-ack',
        to: sender,
        replyTo: inbox,
        refId: row.id,
        ...arcoAcknowledgementMail(details, app.config.siteUrl),
      });
    }
    await queueMail(trx, messages, app.config.mailFrom, now);
    return { folio, answerDue };
  });
  app.mailWorker.wake();
  return receipt;
}

/**
 * What the page a plain form post lands on shows: the folio and the day the answer is due, both read
 * from the folio (it carries the received day), nothing from the database. Undefined for no folio.
 */
export function arcoReceiptOf(folio: string): ArcoReceipt | undefined {
  const day = folioDay(folio);
  if (!day) return undefined;
  return { folio, answerDue: arcoDeadlines(clock.startOfDay(day)).answerDue };
}

/** What a person asked for, as the person's record shows it (no id, no deadlines). */
function arcoRecord(row: ArcoRow) {
  return {
    folio: row.folio,
    fullName: row.full_name,
    email: row.email,
    right: row.right_kind as ArcoRight,
    details: row.details,
    status: row.status as ArcoStatus,
    receivedAt: row.received_at,
    answeredAt: row.answered_at,
    completedAt: row.completed_at,
  };
}

/** The row as the admin reads it, with its due days and how many business days are left, as of `now`. */
function toArcoItem(row: ArcoRow, now = new Date()): ArcoItem {
  const { answerDue, executionDue } = arcoDeadlines(row.received_at, row.answered_at);
  const nextDue = row.status === 'concluida' ? null : row.answered_at ? executionDue : answerDue;
  return {
    id: row.id,
    ...arcoRecord(row),
    answerDue,
    executionDue,
    nextDue,
    businessDaysLeft: nextDue === null ? null : businessDaysBetween(clock.today(now), parseIsoDay(nextDue)!),
  };
}

export async function listArcoRequests(
  db: Kysely<Database>,
  query: { page: number; perPage: number; status?: ArcoStatus; open: boolean },
  now = new Date(),
): Promise<{ items: ArcoItem[]; total: number }> {
  const { rows, total } = await listArcoRows(db, {
    offset: (query.page - 1) * query.perPage,
    limit: query.perPage,
    status: query.status,
    open: query.open,
  });
  return { items: rows.map((row) => toArcoItem(row, now)), total };
}

/** One request with who did what with it (the audit log), oldest first; undefined for an unknown id. */
export async function arcoRequestWithHistory(db: Kysely<Database>, id: string, now = new Date()) {
  const row = await getArcoRow(db, id);
  return row ? withHistory(db, row, now) : undefined;
}

async function withHistory(db: Kysely<Database>, row: ArcoRow, now: Date): Promise<ArcoItem> {
  const history = (await auditOf(db, row.id)).map((entry) => ({
    at: entry.created_at,
    adminEmail: entry.admin_email,
    action: entry.action,
    detail: entry.detail,
  }));
  return { ...toArcoItem(row, now), history };
}

/**
 * Sets a request's status; `respondida` records when it was answered (the carrying out counts from
 * then) and `concluida` when it was done, each the first time only. Gives the request with its history
 * and what the audit log says of the change; undefined for an unknown id.
 */
export async function changeArcoStatus(
  db: Kysely<Database>,
  id: string,
  status: ArcoStatus,
  now = new Date(),
) {
  const row = await db.transaction().execute((trx) =>
    updateArcoStatus(
      trx,
      id,
      {
        status,
        answered: status === 'respondida' || status === 'concluida',
        completed: status === 'concluida',
      },
      now,
    ),
  );
  if (!row) return undefined;
  return { item: await withHistory(db, row, now), auditDetail: `Estado: ${ARCO_STATUS_LABELS[status]}` };
}

/** The open requests that are overdue, and those due within DUE_SOON_BUSINESS_DAYS business days. */
export async function arcoDeadlineSummary(db: Kysely<Database>, now = new Date()) {
  const items = (await openArcoRows(db)).map((row) => toArcoItem(row, now));
  return {
    overdue: items.filter((item) => (item.businessDaysLeft ?? 0) < 0),
    dueSoon: items.filter(
      (item) =>
        item.businessDaysLeft !== null &&
        item.businessDaysLeft >= 0 &&
        item.businessDaysLeft <= DUE_SOON_BUSINESS_DAYS,
    ),
  };
}

/**
 * The privacy domain's own part of a person's data: their ARCO requests, found as they were made. An
 * erasure keeps them as the proof of how each was handled, without who made them (the e-mail becomes
 * its keyed hash, the name and the description are emptied).
 */
export function arcoPersonData(hashKey: Buffer): PersonDataSource {
  return {
    key: 'arcoRequests',
    find: async (db, email) => (await arcoRowsOf(db, email)).map(arcoRecord),
    erase: (db, email) => anonymiseArcoRequests(db, email, emailHash(hashKey, email)),
  };
}
