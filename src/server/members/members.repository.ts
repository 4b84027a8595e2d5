import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool,
} from 'kysely';
import { addDays, isoDay, type CalendarDate } from '../../shared/clock.ts';
import type { Plan } from '../../shared/member-schemas.ts';
import type { MemberStatus } from '../../shared/members.ts';
import { foldForSearch } from '../../shared/text-fold.ts';
import { notBlocked } from '../consent/person-data.ts';
import type { Database, MembersTable } from '../db/schema.ts';

export type MemberRow = Selectable<MembersTable>;

/** A member as read: her row, her plan's terms, and the period she holds (a seat's is her coordinator's). */
export interface MemberView extends MemberRow {
  eff_start: string | null;
  eff_end: string | null;
  plan_name: string;
  fee_cents: number;
  grace_days: number;
  period_months: number;
  seats: number;
}

type Builder = ExpressionBuilder<Database & { m: MembersTable; c: MembersTable }, 'm' | 'c'>;

export const searchText = (row: { full_name: string; email: string; organisation: string }) =>
  foldForSearch(`${row.full_name} ${row.email} ${row.organisation}`);

/** The members with their plan and effective period, to be filtered. */
export const viewQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('members as m')
    .innerJoin('membership_plans as p', 'p.slug', 'm.plan')
    .leftJoin('members as c', 'c.id', 'm.coordinator_id')
    .selectAll('m')
    .select([
      sql<string | null>`coalesce(c.period_start, m.period_start)`.as('eff_start'),
      sql<string | null>`coalesce(c.period_end, m.period_end)`.as('eff_end'),
      'p.name as plan_name',
      'p.fee_cents',
      'p.grace_days',
      'p.period_months',
      'p.seats',
    ]);

const effectiveEnd = sql<string | null>`coalesce(c.period_end, m.period_end)`;

/**
 * The shown status as SQL, from the stored one and the dates: today's local day, and for each plan the
 * last day whose period's grace still reaches today. Days are YYYY-MM-DD, so text order is date order.
 */
export function shownStatusIs(
  eb: Builder,
  status: MemberStatus,
  today: CalendarDate,
  plans: readonly Plan[],
): Expression<SqlBool> {
  const day = isoDay(today);
  const withinGrace = eb.or(
    plans.map((plan) =>
      eb.and([eb('m.plan', '=', plan.slug), eb(effectiveEnd, '>=', isoDay(addDays(today, -plan.graceDays)))]),
    ),
  );
  const socia = eb('m.status', '=', 'socia');
  switch (status) {
    case 'activa':
      return eb.and([socia, eb(effectiveEnd, '>=', day)]);
    case 'en_gracia':
      return eb.and([socia, eb(effectiveEnd, '<', day), withinGrace]);
    case 'vencida':
      return eb.and([socia, eb.or([eb(effectiveEnd, 'is', null), eb.not(withinGrace)])]);
    default:
      return eb('m.status', '=', status);
  }
}

export interface MemberFilter {
  status?: MemberStatus;
  plan?: string;
  q?: string;
  endsWithinDays?: number;
}

function filtered(db: Kysely<Database>, filter: MemberFilter, today: CalendarDate, plans: readonly Plan[]) {
  let query = viewQuery(db)
    .where('m.erased_at', 'is', null)
    .where((eb) => notBlocked(eb, 'm.email'));
  if (filter.status) query = query.where((eb) => shownStatusIs(eb, filter.status!, today, plans));
  if (filter.plan) query = query.where('m.plan', '=', filter.plan);
  if (filter.endsWithinDays !== undefined) {
    query = query
      .where('m.status', '=', 'socia')
      .where(effectiveEnd, '>=', isoDay(today))
      .where(effectiveEnd, '<=', isoDay(addDays(today, filter.endsWithinDays)));
  }
  const needle = foldForSearch(filter.q ?? '')
    .trim()
    .replace(/[%_\\]/g, '');
  // Both sides folded alike, so case and accents never matter, on SQLite and PostgreSQL.
  if (needle) query = query.where('m.search_folded', 'like', `%${needle}%`);
  return query;
}

export async function listMembers(
  db: Kysely<Database>,
  filter: MemberFilter,
  page: { offset: number; limit: number },
  today: CalendarDate,
  plans: readonly Plan[],
): Promise<{ rows: MemberView[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter, today, plans)
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    filtered(db, filter, today, plans)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as MemberView[], total: Number(count.n) };
}

/** How many members a filter finds (the summary counts what the list filters show). */
export async function countMembers(
  db: Kysely<Database>,
  filter: MemberFilter,
  today: CalendarDate,
  plans: readonly Plan[],
): Promise<number> {
  const row = await filtered(db, filter, today, plans)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Members in pages of `size`, by id, for a stream that sends each page as it is read. */
export async function* allMembers(
  db: Kysely<Database>,
  filter: MemberFilter,
  today: CalendarDate,
  plans: readonly Plan[],
  size = 500,
): AsyncGenerator<MemberView[]> {
  let after = '';
  for (;;) {
    const rows = (await filtered(db, filter, today, plans)
      .where('m.id', '>', after)
      .orderBy('m.id')
      .limit(size)
      .execute()) as MemberView[];
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1)!.id;
    if (rows.length < size) return;
  }
}

export async function memberView(db: Kysely<Database>, id: string): Promise<MemberView | undefined> {
  return (await viewQuery(db).where('m.id', '=', id).executeTakeFirst()) as MemberView | undefined;
}

export async function seatsOf(db: Kysely<Database>, coordinatorId: string): Promise<MemberView[]> {
  return (await viewQuery(db)
    .where('m.coordinator_id', '=', coordinatorId)
    .orderBy('m.created_at')
    .execute()) as MemberView[];
}

/** The live membership (applying, to pay, or with a period) of an address, if any. */
export async function liveMemberByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('members')
    .selectAll()
    .where('email_key', '=', email.trim().toLowerCase())
    .where('status', 'in', ['en_revision', 'por_pagar', 'socia'])
    .executeTakeFirst();
}

/** Every member row of an address, newest first. */
export async function membersByEmail(db: Kysely<Database>, email: string): Promise<MemberRow[]> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('email_key', '=', email.trim().toLowerCase())
    .where('erased_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Adds a member; undefined when the address already holds a live membership (the unique index). */
export async function insertMember(
  db: Kysely<Database>,
  row: Omit<MemberRow, 'search_folded' | 'directory_listed' | 'directory_fields' | 'linkedin' | 'erased_at'>,
): Promise<string | undefined> {
  const inserted = await db
    .insertInto('members')
    .values({ ...row, search_folded: searchText(row), linkedin: null, erased_at: null })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/**
 * Moves a member from one of the `from` statuses to another, with the other columns given: a
 * conditional update, so of two clicks (or two staff) only one changes her. The row, or undefined.
 */
export async function changeMember(
  db: Kysely<Database>,
  id: string,
  from: readonly string[],
  set: Partial<Omit<MemberRow, 'id'>> & { updated_at: string },
): Promise<MemberRow | undefined> {
  return db
    .updateTable('members')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .returningAll()
    .executeTakeFirst();
}

/** The next value of a counter (the member number; a folio per year), exact across transactions. */
export async function nextCounter(db: Kysely<Database>, key: string): Promise<number> {
  await db
    .insertInto('member_counters')
    .values({ key, value: 0 })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const row = await db
    .updateTable('member_counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('key', '=', key)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/** Gives the member her number if she has none yet; the number she holds. */
export async function ensureNumber(db: Kysely<Database>, id: string, now: Date): Promise<number> {
  const current = await db
    .selectFrom('members')
    .select('number')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (current.number !== null) return current.number;
  const number = await nextCounter(db, 'member-number');
  await db
    .updateTable('members')
    .set({ number, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
  return number;
}

/** Holds the member's row lock until the transaction ends (a coordinator inviting, for one). */
export async function lockMember(db: Kysely<Database>, id: string, now: Date): Promise<void> {
  await db.updateTable('members').set({ updated_at: now.toISOString() }).where('id', '=', id).execute();
}

/** Who appears in the directory now: listed, active or in grace, not blocked. */
export async function directoryRows(db: Kysely<Database>, today: CalendarDate, plans: readonly Plan[]) {
  return viewQuery(db)
    .where('m.directory_listed', '=', 1)
    .where('m.number', 'is not', null)
    .where('m.erased_at', 'is', null)
    .where((eb) => notBlocked(eb, 'm.email'))
    .where((eb) =>
      eb.or([shownStatusIs(eb, 'activa', today, plans), shownStatusIs(eb, 'en_gracia', today, plans)]),
    )
    .orderBy('m.number')
    .execute() as Promise<MemberView[]>;
}

export async function setDirectory(
  db: Kysely<Database>,
  id: string,
  choice: { listed: boolean; fields: readonly string[]; linkedin: string | null },
  now: Date,
): Promise<void> {
  await db
    .updateTable('members')
    .set({
      directory_listed: choice.listed ? 1 : 0,
      directory_fields: choice.fields.join(','),
      linkedin: choice.linkedin,
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

/** One page of the addresses (lower-cased, each once) of members in a shown status, after `after`. */
export async function emailsInStatus(
  db: Kysely<Database>,
  status: MemberStatus,
  today: CalendarDate,
  plans: readonly Plan[],
  after: string,
  size: number,
): Promise<string[]> {
  const rows = await filtered(db, { status }, today, plans)
    .clearSelect()
    .select('m.email_key')
    .distinct()
    .where('m.email_key', '>', after)
    .orderBy('m.email_key')
    .limit(size)
    .execute();
  return rows.map((row) => row.email_key);
}
