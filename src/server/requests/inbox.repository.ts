import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { InboxItem } from '../../shared/admin-schemas.ts';
import { businessDaysBetween } from '../../shared/arco.ts';
import { BARRIER_KIND, barrierAnswerDue } from '../../shared/barriers.ts';
import { DAY_MS, addDays, clock, parseIsoDay } from '../../shared/clock.ts';
import { foldForSearch } from '../../shared/text-fold.ts';
import type { Database, OutboxTable, RequestKind, RequestStatus, RequestsTable } from '../db/schema.ts';
import { notBlocked } from '../consent/person-data.ts';

export type DeliveryState = 'pendiente' | 'enviado' | 'fallido' | 'sin envío';

export interface InboxFilter {
  kind?: RequestKind;
  status?: RequestStatus;
  /** true: only requests flagged as spam; otherwise spam is left out. */
  spam?: boolean;
  /** Inclusive day bounds, YYYY-MM-DD, read on the association's clock. */
  from?: string;
  to?: string;
  /** Matches the name, company or e-mail, whatever the case and accents. */
  q?: string;
}

/** The inbox's shape is the API's, declared once in src/shared/admin-schemas.ts. */
export type { InboxItem };

// Staff think in the association's days: a day filter runs from its local midnight to the next one.
const dayStart = (text: string, later = 0) => {
  const day = parseIsoDay(text);
  if (!day) throw new RangeError(`Not a day: ${text}`);
  return clock.startOfDay(addDays(day, later)).toISOString();
};

function applyFilter<O>(
  query: SelectQueryBuilder<Database, 'requests', O>,
  filter: InboxFilter,
): SelectQueryBuilder<Database, 'requests', O> {
  // A blocked person (their data cancelled) is in no list, search or export.
  let q = query.where('spam', '=', filter.spam ? 1 : 0).where((eb) => notBlocked(eb, 'requests.email'));
  if (filter.kind) q = q.where('kind', '=', filter.kind);
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.from) q = q.where('created_at', '>=', dayStart(filter.from));
  if (filter.to) q = q.where('created_at', '<', dayStart(filter.to, 1));
  const needle = foldForSearch(filter.q ?? '')
    .trim()
    .replace(/[%_\\]/g, '');
  // Both sides folded alike, so case and accents never matter, on SQLite and PostgreSQL.
  if (needle) q = q.where('search_folded', 'like', `%${needle}%`);
  return q;
}

export function deliveryOf(rows: Pick<Selectable<OutboxTable>, 'status' | 'attempts' | 'last_error'>[]) {
  let state: DeliveryState;
  if (rows.length === 0) state = 'sin envío';
  else if (rows.some((row) => row.status === 'failed')) state = 'fallido';
  else if (rows.every((row) => row.status === 'sent')) state = 'enviado';
  else state = 'pendiente';
  const attempts = rows.reduce((max, row) => Math.max(max, row.attempts), 0);
  const lastError = rows.find((row) => row.status !== 'sent' && row.last_error)?.last_error ?? null;
  return { state, attempts, lastError };
}

async function withDelivery(
  db: Kysely<Database>,
  requests: Selectable<RequestsTable>[],
): Promise<InboxItem[]> {
  const ids = requests.map((request) => request.id);
  const outbox = ids.length
    ? await db
        .selectFrom('outbox')
        .select(['request_id', 'purpose', 'status', 'attempts', 'last_error', 'sent_at'])
        .where('request_id', 'in', ids)
        .orderBy('purpose', 'desc')
        .execute()
    : [];
  const today = clock.today();
  return requests.map((request) => {
    const rows = outbox.filter((row) => row.request_id === request.id);
    // A barrier report is answered within ten business days; its deadline counts while nobody handled it.
    const answerDue =
      request.kind === BARRIER_KIND && request.status === 'nueva'
        ? barrierAnswerDue(request.created_at)
        : null;
    return {
      id: request.id,
      kind: request.kind,
      fullName: request.full_name,
      company: request.company,
      position: request.position,
      email: request.email,
      phoneNumber: request.phone_number,
      spam: request.spam === 1,
      status: request.status,
      createdAt: request.created_at,
      pageUrl: request.page_url,
      details: request.details,
      answerDue,
      businessDaysLeft: answerDue === null ? null : businessDaysBetween(today, parseIsoDay(answerDue)!),
      delivery: {
        ...deliveryOf(rows),
        messages: rows.map((row) => ({
          // A request's own rows are its notification and its acknowledgement.
          purpose: row.purpose as 'notify' | 'ack',
          status: row.status,
          attempts: row.attempts,
          lastError: row.last_error,
          sentAt: row.sent_at,
        })),
      },
    };
  });
}

export async function listInbox(
  db: Kysely<Database>,
  filter: InboxFilter,
  page: { offset: number; limit: number; order: 'asc' | 'desc' },
): Promise<{ items: InboxItem[]; total: number }> {
  const base = applyFilter(db.selectFrom('requests'), filter);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', page.order)
      .orderBy('id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string | bigint>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await withDelivery(db, rows), total: Number(count.n) };
}

/**
 * The inbox in the list's order, a page of `pageSize` requests at a time (each with its delivery), at
 * most `limit` in all. Each page is one short query that starts after the last row of the one before,
 * so a long export never holds the whole list, nor the database's connection between two pages.
 */
export async function* inboxPages(
  db: Kysely<Database>,
  filter: InboxFilter,
  order: 'asc' | 'desc',
  limit: number,
  pageSize: number,
): AsyncGenerator<InboxItem[]> {
  let left = limit;
  let last: Selectable<RequestsTable> | undefined;
  while (left > 0) {
    let query = applyFilter(db.selectFrom('requests'), filter).selectAll();
    if (last) {
      const { created_at: at, id } = last;
      query = query.where((eb) =>
        eb.or([
          eb('created_at', order === 'asc' ? '>' : '<', at),
          eb.and([eb('created_at', '=', at), eb('id', '>', id)]),
        ]),
      );
    }
    const take = Math.min(pageSize, left);
    const rows = await query.orderBy('created_at', order).orderBy('id').limit(take).execute();
    if (rows.length > 0) yield await withDelivery(db, rows);
    if (rows.length < take) return;
    left -= rows.length;
    last = rows.at(-1);
  }
}

export async function getInboxItem(db: Kysely<Database>, id: string): Promise<InboxItem | undefined> {
  const row = await db
    .selectFrom('requests')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => notBlocked(eb, 'requests.email'))
    .executeTakeFirst();
  return row ? (await withDelivery(db, [row]))[0] : undefined;
}

export async function setRequestStatus(
  db: Kysely<Database>,
  id: string,
  status: RequestStatus,
): Promise<boolean> {
  const result = await db
    .updateTable('requests')
    .set({ status, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where((eb) => notBlocked(eb, 'requests.email'))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Puts a request's failed messages back in the queue, due now. Returns how many. */
export async function retryFailedDelivery(
  db: Kysely<Database>,
  id: string,
  now = new Date(),
): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'pending', next_attempt_at: now.toISOString(), locked_until: null })
    .where('request_id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes handled (atendida or archivada) requests not changed for `days` days (when never changed,
 * since they arrived); their mail rows go with them.
 */
export async function purgeHandledRequests(db: Kysely<Database>, days: number, now = new Date()) {
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  const result = await db
    .deleteFrom('requests')
    .where('status', 'in', ['atendida', 'archivada'])
    .where(sql<string>`coalesce(updated_at, created_at)`, '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes spam that arrived more than `days` days ago, whatever its status. */
export async function purgeSpam(db: Kysely<Database>, days: number, now = new Date()) {
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  const result = await db
    .deleteFrom('requests')
    .where('spam', '=', 1)
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Requests nobody has handled (still `nueva`, not spam) that arrived more than `days` days ago. */
export async function staleRequestCount(
  db: Kysely<Database>,
  days: number,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  const row = await db
    .selectFrom('requests')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('status', '=', 'nueva')
    .where('spam', '=', 0)
    .where('created_at', '<', cutoff)
    .where((eb) => notBlocked(eb, 'requests.email'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes one request and its mail rows; false for an unknown (or blocked) one. */
export async function deleteRequest(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('requests')
    .where('id', '=', id)
    .where((eb) => notBlocked(eb, 'requests.email'))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A person's requests (the Acceso right), oldest first, with their consent and delivery states. */
export async function requestsOf(db: Kysely<Database>, email: string) {
  const rows = await db
    .selectFrom('requests')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email)
    .orderBy('created_at')
    .execute();
  return (await withDelivery(db, rows)).map((item) => ({
    kind: item.kind,
    fullName: item.fullName,
    company: item.company,
    position: item.position,
    email: item.email,
    phoneNumber: item.phoneNumber,
    status: item.status,
    spam: item.spam,
    createdAt: item.createdAt,
    ...(item.kind === BARRIER_KIND ? { pageUrl: item.pageUrl, details: item.details } : {}),
  }));
}

/** Erases a person's requests (their mail rows go with them); returns how many. */
export async function eraseRequestsOf(db: Kysely<Database>, email: string): Promise<number> {
  const result = await db
    .deleteFrom('requests')
    .where(sql<string>`lower(email)`, '=', email)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
