import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import { DAY_MS } from '../../shared/clock.ts';
import { notBlocked } from '../consent/person-data.ts';
import type { Database, RegistrationsTable } from '../db/schema.ts';

/** The registrations' own rows: one per person and event, unique by (event, lower-cased address). */

export type RegistrationRow = Selectable<RegistrationsTable>;

export async function insertRegistration(db: Kysely<Database>, row: RegistrationRow): Promise<void> {
  await db.insertInto('registrations').values(row).execute();
}

export async function findByAddress(db: Kysely<Database>, eventId: string, emailKey: string) {
  return db
    .selectFrom('registrations')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('email_key', '=', emailKey)
    .executeTakeFirst();
}

/** A registration as the admin sees it: not one of a blocked person. */
export async function findRegistration(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('registrations')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => notBlocked(eb, 'registrations.email'))
    .executeTakeFirst();
}

export async function registrationById(db: Kysely<Database>, id: string) {
  return db.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function statusOf(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom('registrations').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status;
}

export async function updateRegistration(
  db: Kysely<Database>,
  id: string,
  changes: Updateable<RegistrationsTable>,
): Promise<void> {
  await db.updateTable('registrations').set(changes).where('id', '=', id).execute();
}

/** The first `limit` people waiting for the event, by their place in line (all without a limit). */
export async function firstInLine(db: Kysely<Database>, eventId: string, limit: number) {
  return db
    .selectFrom('registrations')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('status', '=', 'waitlisted')
    .orderBy('place')
    .orderBy('id')
    .$if(Number.isFinite(limit), (query) => query.limit(limit))
    .execute();
}

/** The current place in line of a waiting person: those who joined before them and still wait, plus one. */
export async function positionOf(db: Kysely<Database>, row: Pick<RegistrationRow, 'event_id' | 'place'>) {
  const ahead = await db
    .selectFrom('registrations')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('event_id', '=', row.event_id)
    .where('status', '=', 'waitlisted')
    .where('place', '<', row.place ?? 0)
    .executeTakeFirstOrThrow();
  return Number(ahead.n) + 1;
}

/** "You were already registered" mails written to this address since then (its daily cap). */
export async function againMailsSince(db: Kysely<Database>, emailKey: string, sinceIso: string) {
  const sent = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where(sql<string>`lower(to_address)`, '=', emailKey)
    .where('purpose', '=', 'registration-again')
    .where('created_at', '>', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(sent.n);
}

/** Marks the person as arrived; false when they were already (the time stays the first one). */
export async function checkIn(db: Kysely<Database>, id: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('registrations')
    .set({ checked_in_at: now.toISOString() })
    .where('id', '=', id)
    .where('checked_in_at', 'is', null)
    .where('status', '=', 'confirmed')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Where a registration stands in the admin's order: confirmed first, then the line by place. */
const standing = sql<number>`case status when 'confirmed' then 0 when 'waitlisted' then 1 else 2 end`;

/** An event's registrations for the admin, in order: confirmed first, then the line by place. */
const forEvent = (db: Kysely<Database>, eventId: string) =>
  db
    .selectFrom('registrations')
    .selectAll()
    .where('event_id', '=', eventId)
    .where((eb) => notBlocked(eb, 'registrations.email'))
    .orderBy(standing)
    .orderBy(sql`coalesce(place, 0)`)
    .orderBy('created_at')
    .orderBy('id');

export async function listForEvent(db: Kysely<Database>, eventId: string): Promise<RegistrationRow[]> {
  return forEvent(db, eventId).execute();
}

/**
 * The same list a page at a time (the CSV export): each page starts after the last row of the one
 * before, so the database is free between pages and a slow download holds up nobody.
 */
export async function* pagesForEvent(
  db: Kysely<Database>,
  eventId: string,
  pageSize = 500,
): AsyncGenerator<RegistrationRow[]> {
  let last: RegistrationRow | undefined;
  for (;;) {
    let query = forEvent(db, eventId);
    if (last) {
      const rank = last.status === 'confirmed' ? 0 : last.status === 'waitlisted' ? 1 : 2;
      query = query.where(
        sql<boolean>`(${standing}, coalesce(place, 0), created_at, id) > (${rank}, ${last.place ?? 0}, ${last.created_at}, ${last.id})`,
      );
    }
    const rows = await query.limit(pageSize).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    last = rows.at(-1);
  }
}

const withTheirEvents = (db: Kysely<Database>) =>
  db.selectFrom('registrations').innerJoin('events', 'events.id', 'registrations.event_id');

/**
 * Confirmed people whose reminder was written for another start time (their event moved), of events
 * still to come; only events the admin changed since `changedSince` (ISO UTC) when it is given.
 */
export async function staleReminders(db: Kysely<Database>, nowIso: string, changedSince?: string) {
  return withTheirEvents(db)
    .select([
      'registrations.id as id',
      'registrations.reminder_for as reminderFor',
      'events.event_date as start',
    ])
    .where('registrations.status', '=', 'confirmed')
    .where('registrations.reminder_for', 'is not', null)
    .whereRef('registrations.reminder_for', '!=', 'events.event_date')
    .where('events.event_date', '>', nowIso)
    .$if(changedSince !== undefined, (query) => query.where('events.updated_at', '>=', changedSince!))
    .limit(500)
    .execute();
}

/** The reminder now follows `to`, unless another writer moved it from `from` first. */
export async function moveReminder(
  db: Kysely<Database>,
  id: string,
  from: string | null,
  to: string,
): Promise<boolean> {
  const result = await db
    .updateTable('registrations')
    .set({ reminder_for: to })
    .where('id', '=', id)
    .where('reminder_for', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the registrations of events that ended more than `days` days ago; returns how many. */
export async function deleteExpired(db: Kysely<Database>, days: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS).toISOString();
  const result = await db
    .deleteFrom('registrations')
    .where('event_id', 'in', (eb) => eb.selectFrom('events').select('id').where('event_date', '<', before))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Everything stored of one address's registrations, with each event's name and date. */
export async function registrationsOf(db: Kysely<Database>, email: string) {
  return withTheirEvents(db)
    .select([
      'registrations.id as id',
      'events.name as event',
      'events.event_date as eventDate',
      'registrations.full_name as fullName',
      'registrations.email as email',
      'registrations.status as status',
      'registrations.created_at as createdAt',
      'registrations.checked_in_at as checkedInAt',
    ])
    .where('registrations.email_key', '=', email.trim().toLowerCase())
    .orderBy('registrations.created_at')
    .execute();
}

export async function registrationsOfAddress(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('registrations')
    .select(['id', 'event_id'])
    .where('email_key', '=', email.trim().toLowerCase())
    .execute();
}

/** Deletes one registration (its links go with it: the foreign key cascades). */
export async function deleteRegistration(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('registrations').where('id', '=', id).execute();
}

/**
 * Every event with sign-up on, or with sign-ups kept from before, soonest first: its counters and how
 * many of its confirmed people checked in (the blocked left out, as in the event's own list).
 */
export async function fillOfEvents(db: Kysely<Database>) {
  return db
    .selectFrom('events')
    .select((eb) => [
      'events.id as id',
      'events.name as name',
      'events.event_date as eventDate',
      'events.registration_enabled as enabled',
      'events.registration_capacity as capacity',
      'events.registration_confirmed as confirmed',
      'events.registration_waitlisted as waitlisted',
      eb
        .selectFrom('registrations')
        .select((inner) => inner.fn.countAll<number | string | bigint>().as('n'))
        .whereRef('registrations.event_id', '=', 'events.id')
        .where('registrations.status', '=', 'confirmed')
        .where('registrations.checked_in_at', 'is not', null)
        .where((inner) => notBlocked(inner, 'registrations.email'))
        .as('checkedIn'),
    ])
    .where((eb) =>
      eb.or([
        eb('events.registration_enabled', '=', 1),
        eb.exists(
          eb
            .selectFrom('registrations')
            .select('registrations.id')
            .whereRef('registrations.event_id', '=', 'events.id'),
        ),
      ]),
    )
    .orderBy('events.event_date')
    .orderBy('events.id')
    .execute();
}
