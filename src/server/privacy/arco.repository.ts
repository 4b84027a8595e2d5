import { randomInt } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  DUE_SOON_BUSINESS_DAYS,
  arcoDeadlines,
  businessDaysBetween,
  makeFolio,
  type ArcoRight,
  type ArcoStatus,
} from '../../shared/arco.ts';
import { clock, parseIsoDay } from '../../shared/clock.ts';
import type { ArcoItem } from '../../shared/privacy-schemas.ts';
import { timeOrderedId } from '../db/ids.ts';
import type { Database, PrivacyRequestsTable } from '../db/schema.ts';

export interface NewArcoRequest {
  fullName: string;
  email: string;
  right: ArcoRight;
  details: string;
}

const randomUnit = () => randomInt(0, 1 << 30) / (1 << 30);

/**
 * Stores an ARCO request under a new folio, inside the caller's transaction (which also queues its
 * mail). The folio's four random characters are drawn again in the rare case that day's folio exists.
 */
export async function insertArcoRequest(
  db: Kysely<Database>,
  request: NewArcoRequest,
  receivedAt = new Date(),
): Promise<Selectable<PrivacyRequestsTable>> {
  let folio = makeFolio(receivedAt, randomUnit);
  for (let tries = 0; await folioTaken(db, folio); tries += 1) {
    if (tries > 20) throw new Error('no free folio');
    folio = makeFolio(receivedAt, randomUnit);
  }
  const at = receivedAt.toISOString();
  const row: Selectable<PrivacyRequestsTable> = {
    id: timeOrderedId(receivedAt.getTime()),
    folio,
    full_name: request.fullName,
    email: request.email.trim().toLowerCase(),
    right_kind: request.right,
    details: request.details,
    status: 'recibida',
    received_at: at,
    answered_at: null,
    completed_at: null,
    updated_at: at,
  };
  await db.insertInto('privacy_requests').values(row).execute();
  return row;
}

async function folioTaken(db: Kysely<Database>, folio: string): Promise<boolean> {
  return (
    (await db.selectFrom('privacy_requests').select('id').where('folio', '=', folio).executeTakeFirst()) !==
    undefined
  );
}

/** The row as the admin reads it, with its due days and how many business days are left, as of `now`. */
export function toArcoItem(row: Selectable<PrivacyRequestsTable>, now = new Date()): ArcoItem {
  const { answerDue, executionDue } = arcoDeadlines(row.received_at, row.answered_at);
  const status = row.status as ArcoStatus;
  const nextDue = status === 'concluida' ? null : row.answered_at ? executionDue : answerDue;
  return {
    id: row.id,
    folio: row.folio,
    fullName: row.full_name,
    email: row.email,
    right: row.right_kind as ArcoRight,
    details: row.details,
    status,
    receivedAt: row.received_at,
    answeredAt: row.answered_at,
    completedAt: row.completed_at,
    answerDue,
    executionDue,
    nextDue,
    businessDaysLeft: nextDue === null ? null : businessDaysBetween(clock.today(now), parseIsoDay(nextDue)!),
  };
}

export async function listArcoRequests(
  db: Kysely<Database>,
  options: { offset: number; limit: number; status?: ArcoStatus; open?: boolean },
  now = new Date(),
): Promise<{ items: ArcoItem[]; total: number }> {
  let query = db.selectFrom('privacy_requests');
  if (options.status) query = query.where('status', '=', options.status);
  if (options.open) query = query.where('status', '!=', 'concluida');
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('received_at', 'desc')
      .orderBy('id')
      .offset(options.offset)
      .limit(options.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string | bigint>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((row) => toArcoItem(row, now)), total: Number(count.n) };
}

export async function getArcoRequest(
  db: Kysely<Database>,
  id: string,
  now = new Date(),
): Promise<ArcoItem | undefined> {
  const row = await db.selectFrom('privacy_requests').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toArcoItem(row, now) : undefined;
}

/**
 * Sets a request's status; `respondida` records when it was answered (the carrying out counts from
 * then) and `concluida` when it was done, each the first time only. False for an unknown id.
 */
export async function setArcoStatus(
  db: Kysely<Database>,
  id: string,
  status: ArcoStatus,
  now = new Date(),
): Promise<boolean> {
  const row = await db
    .selectFrom('privacy_requests')
    .select(['answered_at', 'completed_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return false;
  const at = now.toISOString();
  const answered = status === 'respondida' || status === 'concluida';
  await db
    .updateTable('privacy_requests')
    .set({
      status,
      updated_at: at,
      answered_at: answered ? (row.answered_at ?? at) : row.answered_at,
      completed_at: status === 'concluida' ? (row.completed_at ?? at) : null,
    })
    .where('id', '=', id)
    .execute();
  return true;
}

/** The open requests that are overdue, and those due within DUE_SOON_BUSINESS_DAYS business days. */
export async function arcoDeadlineSummary(db: Kysely<Database>, now = new Date()) {
  const rows = await db
    .selectFrom('privacy_requests')
    .selectAll()
    .where('status', '!=', 'concluida')
    .orderBy('received_at')
    .execute();
  const items = rows.map((row) => toArcoItem(row, now));
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

/** A person's ARCO requests (Acceso), oldest first. */
export async function arcoRequestsOf(db: Kysely<Database>, email: string) {
  const rows = await db
    .selectFrom('privacy_requests')
    .selectAll()
    .where('email', '=', email)
    .orderBy('received_at')
    .execute();
  return rows.map((row) => {
    const item = toArcoItem(row);
    return {
      folio: item.folio,
      fullName: item.fullName,
      email: item.email,
      right: item.right,
      details: item.details,
      status: item.status,
      receivedAt: item.receivedAt,
      answeredAt: item.answeredAt,
      completedAt: item.completedAt,
    };
  });
}

/**
 * Erasing a person keeps their ARCO requests as the proof of how each was handled, without who made them:
 * the e-mail becomes its keyed hash, the name and the description are emptied. Returns how many.
 */
export async function anonymiseArcoRequests(
  db: Kysely<Database>,
  email: string,
  emailHash: string,
): Promise<number> {
  const result = await db
    .updateTable('privacy_requests')
    .set({ email: emailHash, full_name: '', details: '' })
    .where('email', '=', email)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
