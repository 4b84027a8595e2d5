import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { InboxItem } from '../../shared/admin-schemas.ts';
import { DAY_MS, addDays, clock, parseIsoDay } from '../../shared/clock.ts';
import { foldForSearch } from '../../shared/text-fold.ts';
import type { Database, OutboxTable, RequestKind, RequestStatus, RequestsTable } from '../db/schema.ts';

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
  let q = query.where('spam', '=', filter.spam ? 1 : 0);
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
  return requests.map((request) => {
    const rows = outbox.filter((row) => row.request_id === request.id);
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

export async function getInboxItem(db: Kysely<Database>, id: string): Promise<InboxItem | undefined> {
  const row = await db.selectFrom('requests').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await withDelivery(db, [row]))[0] : undefined;
}

export async function setRequestStatus(
  db: Kysely<Database>,
  id: string,
  status: RequestStatus,
): Promise<boolean> {
  const result = await db.updateTable('requests').set({ status }).where('id', '=', id).executeTakeFirst();
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

/** Deletes handled (atendida or archivada) requests created before `days` ago; their mail rows go with them. */
export async function purgeHandledRequests(db: Kysely<Database>, days: number, now = new Date()) {
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  const result = await db
    .deleteFrom('requests')
    .where('status', 'in', ['atendida', 'archivada'])
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
