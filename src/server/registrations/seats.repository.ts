import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Event } from '../../shared/schemas.ts';
import { toEvent } from '../db/event-row.ts';
import type { Database } from '../db/schema.ts';

/**
 * The seat counters on the event's own row (decision 030): every change to an event's registrations
 * starts with one statement on that row, so two of them are never counted from the same state.
 */

/** The reason a sign-up is refused. */
export class RegistrationRefused extends Error {
  readonly reason: 'not-found' | 'closed' | 'started';
  constructor(reason: 'not-found' | 'closed' | 'started') {
    super(`registration refused: ${reason}`);
    this.name = 'RegistrationRefused';
    this.reason = reason;
  }
}

export type Seat =
  | { status: 'confirmed'; event: Event; blocked: boolean }
  | { status: 'waitlisted'; position: number; place: number; event: Event; blocked: boolean };

export async function eventById(db: Kysely<Database>, eventId: string): Promise<Event | undefined> {
  const row = await db.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirst();
  return row ? toEvent(row) : undefined;
}

/**
 * Whether the person is blocked (decision 029: stored, never mailed), read with the seat's update so it
 * costs no statement of its own; in the sign-up's transaction, as a separate read would be.
 */
const blockedColumn = (email: string) =>
  sql<number | boolean>`exists (select 1 from blocked_people where email = ${email})`.as('blocked');

/** No capacity, or fewer confirmed than it. */
const hasFreeSeat = (eb: ExpressionBuilder<Database, 'events'>) =>
  eb.or([
    eb('registration_capacity', 'is', null),
    eb('registration_confirmed', '<', eb.ref('registration_capacity')),
  ]);

/** A seat, if one is free: the event's row with one more confirmed, and whether the address is blocked. */
const seatUpdate = (db: Kysely<Database>, eventId: string, nowIso: string, emailKey: string) =>
  db
    .updateTable('events')
    .set((eb) => ({ registration_confirmed: eb('registration_confirmed', '+', 1) }))
    .where('id', '=', eventId)
    .where('registration_enabled', '=', 1)
    .where('event_date', '>', nowIso)
    .where(hasFreeSeat)
    .returningAll()
    .returning(blockedColumn(emailKey))
    .executeTakeFirst();

/** A place on the waitlist: the event's row with one more waiting and its next place taken. */
const lineUpdate = (db: Kysely<Database>, eventId: string, nowIso: string, emailKey: string) =>
  db
    .updateTable('events')
    .set((eb) => ({
      registration_waitlisted: eb('registration_waitlisted', '+', 1),
      registration_next_place: eb('registration_next_place', '+', 1),
    }))
    .where('id', '=', eventId)
    .where('registration_enabled', '=', 1)
    .where('event_date', '>', nowIso)
    .returningAll()
    .returning(blockedColumn(emailKey))
    .executeTakeFirst();

/**
 * Takes a seat, or else a place on the waitlist, in the database: each is one conditional UPDATE of
 * the event's row, so two sign-ups can never read the same free seat (PostgreSQL makes the second wait
 * for the first's row lock and checks the condition again on the row it committed; SQLite writes one
 * at a time). Refused when registration is off or the event has started. Also tells whether the
 * address (`emailKey`, lower case) is blocked.
 */
export async function takeSeat(
  db: Kysely<Database>,
  eventId: string,
  nowIso: string,
  emailKey: string,
): Promise<Seat> {
  const seat = await seatUpdate(db, eventId, nowIso, emailKey);
  if (seat) return { status: 'confirmed', event: toEvent(seat), blocked: Boolean(seat.blocked) };
  const line = await lineUpdate(db, eventId, nowIso, emailKey);
  if (line) {
    return {
      status: 'waitlisted',
      event: toEvent(line),
      position: Number(line.registration_waitlisted),
      place: Number(line.registration_next_place),
      blocked: Boolean(line.blocked),
    };
  }
  const event = await db
    .selectFrom('events')
    .select(['registration_enabled', 'event_date'])
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (!event) throw new RegistrationRefused('not-found');
  throw new RegistrationRefused(event.registration_enabled ? 'started' : 'closed');
}

/** Holds the event's row until the transaction ends, so its registrations change one writer at a time. */
export async function lockEvent(db: Kysely<Database>, eventId: string): Promise<boolean> {
  const result = await db
    .updateTable('events')
    .set((eb) => ({ registration_confirmed: eb.ref('registration_confirmed') }))
    .where('id', '=', eventId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A seat or a place given back: one fewer confirmed or waiting. */
export async function releaseSeat(
  db: Kysely<Database>,
  eventId: string,
  status: 'confirmed' | 'waitlisted',
): Promise<void> {
  const counter = status === 'confirmed' ? 'registration_confirmed' : 'registration_waitlisted';
  await db
    .updateTable('events')
    .set((eb) => ({ [counter]: eb(counter, '-', 1) }))
    .where('id', '=', eventId)
    .execute();
}

/**
 * The seats the line may take now (read under the event's lock): none once registration is off or
 * the event has started, or when nobody waits; Infinity without a capacity.
 */
export async function seatsForTheLine(
  db: Kysely<Database>,
  eventId: string,
  nowIso: string,
): Promise<{ event: Event; free: number } | undefined> {
  const row = await db.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirst();
  if (!row || !row.registration_enabled || row.event_date <= nowIso) return undefined;
  const capacity = row.registration_capacity;
  const free = capacity === null ? Number.POSITIVE_INFINITY : capacity - Number(row.registration_confirmed);
  if (free <= 0 || Number(row.registration_waitlisted) === 0) return undefined;
  return { event: toEvent(row), free };
}

/** `count` people of the line took a seat. */
export async function moveLineUp(db: Kysely<Database>, eventId: string, count: number): Promise<void> {
  await db
    .updateTable('events')
    .set((eb) => ({
      registration_confirmed: eb('registration_confirmed', '+', count),
      registration_waitlisted: eb('registration_waitlisted', '-', count),
    }))
    .where('id', '=', eventId)
    .execute();
}

/** Events still to come with free seats and people waiting (their capacity was raised). */
export async function eventsWithFreeSeats(db: Kysely<Database>, nowIso: string): Promise<string[]> {
  const rows = await db
    .selectFrom('events')
    .select('id')
    .where('registration_enabled', '=', 1)
    .where('registration_waitlisted', '>', 0)
    .where('event_date', '>', nowIso)
    .where(hasFreeSeat)
    .execute();
  return rows.map((row) => row.id);
}
