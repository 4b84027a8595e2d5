import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { DAY_MS } from '../../shared/clock.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import type { Event } from '../../shared/schemas.ts';
import type { RegistrationStatus } from '../../shared/registrations.ts';
import { recordConsent } from '../consent/consents.repository.ts';
import { isBlocked, notBlocked } from '../consent/person-data.ts';
import { toEvent } from '../db/event-row.ts';
import { timeOrderedId } from '../db/ids.ts';
import type { Database, RegistrationsTable } from '../db/schema.ts';
import { cancelPendingMail, outboxRow, queueMail, type OutboxMessage } from '../mail/outbox.repository.ts';
import {
  againMail,
  confirmedMail,
  promotedMail,
  reminderMail,
  waitlistMail,
  type RegistrationLinks,
} from './templates.ts';

export type RegistrationRow = Selectable<RegistrationsTable>;

/** What the repository needs from the app: where links point, who signs mail, the secret, the reminder. */
export interface RegistrationContext {
  siteUrl: string;
  mailFrom: string;
  /** Mixed with each registration's random nonce to make its manage token (never stored). */
  secret: string;
  /** The reminder goes this long before the start; 0: no reminder. */
  reminderMs: number;
}

/** Manage-link mails sent again to one address in 24 hours, at most (a repeated sign-up). */
export const AGAIN_DAILY_CAP = 3;

/** The reason a sign-up is refused. */
export class RegistrationRefused extends Error {
  readonly reason: 'not-found' | 'closed' | 'started';
  constructor(reason: 'not-found' | 'closed' | 'started') {
    super(`registration refused: ${reason}`);
    this.name = 'RegistrationRefused';
    this.reason = reason;
  }
}

export interface NewRegistration {
  eventId: string;
  fullName: string;
  email: string;
  /** `sitio`: the person; `admin`: added by hand. */
  source: 'sitio' | 'admin';
  /** Honeypot filled: answered as any sign-up, nothing stored or mailed. */
  now?: Date;
}

export interface RegistrationOutcome {
  /** `new`: a seat or place was taken now (201); `again`: the person was already registered (200). */
  kind: 'new' | 'again';
  id: string;
  status: RegistrationStatus;
  /** The current place on the waitlist, from 1. */
  position?: number;
}

// --- Tokens ---------------------------------------------------------------------------------------

/** The manage link's token: 256 bits from the server's secret and the row's random 128-bit nonce. */
export function manageToken(secret: string, id: string, nonce: string): string {
  return createHmac('sha256', secret).update(`registro:${id}:${nonce}`).digest('base64url');
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export function linksFor(
  context: RegistrationContext,
  row: Pick<RegistrationRow, 'id' | 'token_nonce'>,
  token = manageToken(context.secret, row.id, row.token_nonce),
) {
  return {
    manage: `${context.siteUrl}/Registro/${token}`,
    qrImage: `${context.siteUrl}/Registro/${token}/asistencia.svg`,
    checkIn: checkInUrl(context.siteUrl, row.id),
  } satisfies RegistrationLinks;
}

/** A registration's random 128-bit nonce, base64url. */
export const randomNonce = () => randomBytes(16).toString('base64url');

/** The admin address a registration's QR code carries (opened at the door by a logged-in admin). */
export const checkInUrl = (siteUrl: string, id: string) => `${siteUrl}/admin/asistencia/${id}`;

// --- Events' counters -----------------------------------------------------------------------------

async function eventOf(db: Kysely<Database>, eventId: string): Promise<Event | undefined> {
  const row = await db.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirst();
  return row ? toEvent(row) : undefined;
}

/**
 * Whether the person is blocked (decision 029: stored, never mailed), read with the seat's update so it
 * costs no statement of its own; in the sign-up's transaction, as a separate read would be.
 */
const blockedColumn = (email: string) =>
  sql<number | boolean>`exists (select 1 from blocked_people where email = ${email})`.as('blocked');

/** A seat, if one is free: the event's row with one more confirmed, and whether the address is blocked. */
const seatUpdate = (db: Kysely<Database>, eventId: string, nowIso: string, emailKey: string) =>
  db
    .updateTable('events')
    .set((eb) => ({ registration_confirmed: eb('registration_confirmed', '+', 1) }))
    .where('id', '=', eventId)
    .where('registration_enabled', '=', 1)
    .where('event_date', '>', nowIso)
    .where((eb) =>
      eb.or([
        eb('registration_capacity', 'is', null),
        eb('registration_confirmed', '<', eb.ref('registration_capacity')),
      ]),
    )
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
async function takeSeat(
  db: Kysely<Database>,
  eventId: string,
  nowIso: string,
  emailKey: string,
): Promise<
  | { status: 'confirmed'; event: Event; blocked: boolean }
  | { status: 'waitlisted'; position: number; place: number; event: Event; blocked: boolean }
> {
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
async function lockEvent(db: Kysely<Database>, eventId: string): Promise<boolean> {
  const result = await db
    .updateTable('events')
    .set((eb) => ({ registration_confirmed: eb.ref('registration_confirmed') }))
    .where('id', '=', eventId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The current place in line of a waiting person: those who joined before them and still wait, plus one. */
async function positionOf(db: Kysely<Database>, row: Pick<RegistrationRow, 'event_id' | 'place'>) {
  const ahead = await db
    .selectFrom('registrations')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('event_id', '=', row.event_id)
    .where('status', '=', 'waitlisted')
    .where('place', '<', row.place ?? 0)
    .executeTakeFirstOrThrow();
  return Number(ahead.n) + 1;
}

// --- Mail -----------------------------------------------------------------------------------------

/** The reminder row for a confirmed person, when its time is still to come. */
function reminderFor(
  context: RegistrationContext,
  event: Event,
  row: RegistrationRow,
  now: Date,
  links?: RegistrationLinks,
): OutboxMessage | undefined {
  if (context.reminderMs <= 0) return undefined;
  const due = Date.parse(event.eventDate) - context.reminderMs;
  if (!(due > now.getTime())) return undefined;
  return {
    purpose: 'registration-reminder',
    to: row.email,
    refId: row.id,
    sendAt: new Date(due).toISOString(),
    ...reminderMail(event, row, links ?? linksFor(context, row), context.siteUrl),
  };
}

async function mailUnlessBlocked(
  db: Kysely<Database>,
  context: RegistrationContext,
  email: string,
  messages: (OutboxMessage | undefined)[],
  now: Date,
) {
  if (await isBlocked(db, email)) return;
  await queueMail(
    db,
    messages.filter((message): message is OutboxMessage => message !== undefined),
    context.mailFrom,
    now,
  );
}

async function isRegistered(db: Kysely<Database>, eventId: string, emailKey: string) {
  const row = await db
    .selectFrom('registrations')
    .select('id')
    .where('event_id', '=', eventId)
    .where('email_key', '=', emailKey)
    .executeTakeFirst();
  return row !== undefined;
}

// --- Sign-up --------------------------------------------------------------------------------------

/**
 * A new sign-up, in the caller's transaction: the seat or waitlist place, the registration, the consent
 * to the privacy notice, and the mail (confirmation with the .ics and a reminder due before the start,
 * or the waitlist notice). The same address registering again for the event meets the unique
 * constraint and throws it: the caller answers with `registerAgain` in a new transaction (its seat
 * goes back with the rest of the failed write).
 *
 * Its statements: the seat (which also reads whether the address is blocked), the registration, the
 * consent, and the mail in one insert.
 */
export async function registerNew(
  db: Kysely<Database>,
  input: NewRegistration,
  context: RegistrationContext,
): Promise<RegistrationOutcome> {
  const now = input.now ?? new Date();
  const nowIso = now.toISOString();
  const email = input.email.trim();
  const emailKey = email.toLowerCase();
  let seat;
  try {
    seat = await takeSeat(db, input.eventId, nowIso, emailKey);
  } catch (error) {
    // Registration closed (or the event begun): someone registered already still gets their status.
    if (
      error instanceof RegistrationRefused &&
      error.reason !== 'not-found' &&
      (await isRegistered(db, input.eventId, emailKey))
    ) {
      return registerAgain(db, input, context);
    }
    throw error;
  }
  const id = timeOrderedId(now.getTime());
  const nonce = randomNonce();
  const token = manageToken(context.secret, id, nonce);
  const { event } = seat;
  const row: RegistrationRow = {
    id,
    event_id: input.eventId,
    full_name: input.fullName.trim(),
    email,
    email_key: emailKey,
    status: seat.status,
    place: seat.status === 'waitlisted' ? seat.place : null,
    token_nonce: nonce,
    token_hash: tokenHash(token),
    source: input.source,
    reminder_for: seat.status === 'confirmed' ? event.eventDate : null,
    created_at: nowIso,
    confirmed_at: seat.status === 'confirmed' ? nowIso : null,
    cancelled_at: null,
    checked_in_at: null,
  };
  await db.insertInto('registrations').values(row).execute();
  await recordConsent(db, {
    email,
    purpose: 'privacy-notice',
    source: 'registro',
    noticeVersion: PRIVACY_NOTICE_VERSION,
    refId: id,
    givenAt: now,
  });
  if (!seat.blocked) {
    const links = linksFor(context, row, token);
    const mail: (OutboxMessage | undefined)[] =
      seat.status === 'confirmed'
        ? [
            {
              purpose: 'registration-confirmed',
              to: email,
              refId: id,
              ...confirmedMail(event, row, links, context.siteUrl),
            },
            reminderFor(context, event, row, now, links),
          ]
        : [
            {
              purpose: 'registration-waitlisted',
              to: email,
              refId: id,
              ...waitlistMail(event, row, seat.position, links),
            },
          ];
    const rows = mail.flatMap((message) => (message ? [outboxRow(message, context.mailFrom, nowIso)] : []));
    if (rows.length > 0) await db.insertInto('outbox').values(rows).execute();
  }
  return {
    kind: 'new',
    id,
    status: seat.status,
    ...(seat.status === 'waitlisted' ? { position: seat.position } : {}),
  };
}

/**
 * The same address signs up again for an event: nobody new is created. A person still registered gets
 * their status and the manage link again (at most AGAIN_DAILY_CAP such mails a day per address); one
 * who had cancelled takes a seat or a place again, like a new sign-up.
 */
export async function registerAgain(
  db: Kysely<Database>,
  input: NewRegistration,
  context: RegistrationContext,
): Promise<RegistrationOutcome> {
  const now = input.now ?? new Date();
  const emailKey = input.email.trim().toLowerCase();
  if (!(await lockEvent(db, input.eventId))) throw new RegistrationRefused('not-found');
  const row = await db
    .selectFrom('registrations')
    .selectAll()
    .where('event_id', '=', input.eventId)
    .where('email_key', '=', emailKey)
    .executeTakeFirstOrThrow();
  const event = (await eventOf(db, input.eventId))!;

  if (row.status === 'cancelled') {
    const seat = await takeSeat(db, input.eventId, now.toISOString(), emailKey);
    const revived: RegistrationRow = {
      ...row,
      full_name: input.fullName.trim(),
      status: seat.status,
      place: seat.status === 'waitlisted' ? seat.place : null,
      confirmed_at: seat.status === 'confirmed' ? now.toISOString() : null,
      cancelled_at: null,
      reminder_for: seat.status === 'confirmed' ? event.eventDate : null,
    };
    await db
      .updateTable('registrations')
      .set({
        full_name: revived.full_name,
        status: revived.status,
        place: revived.place,
        confirmed_at: revived.confirmed_at,
        cancelled_at: null,
        reminder_for: revived.reminder_for,
      })
      .where('id', '=', row.id)
      .execute();
    await recordConsent(db, {
      email: row.email,
      purpose: 'privacy-notice',
      source: 'registro',
      noticeVersion: PRIVACY_NOTICE_VERSION,
      refId: row.id,
      givenAt: now,
    });
    const links = linksFor(context, row);
    await mailUnlessBlocked(
      db,
      context,
      row.email,
      seat.status === 'confirmed'
        ? [
            {
              purpose: 'registration-confirmed',
              to: row.email,
              refId: row.id,
              ...confirmedMail(event, revived, links, context.siteUrl),
            },
            reminderFor(context, event, revived, now),
          ]
        : [
            {
              purpose: 'registration-waitlisted',
              to: row.email,
              refId: row.id,
              ...waitlistMail(event, revived, seat.position, links),
            },
          ],
      now,
    );
    return {
      kind: 'new',
      id: row.id,
      status: seat.status,
      ...(seat.status === 'waitlisted' ? { position: seat.position } : {}),
    };
  }

  const position = row.status === 'waitlisted' ? await positionOf(db, row) : undefined;
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const sentToday = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where(sql<string>`lower(to_address)`, '=', emailKey)
    .where('purpose', '=', 'registration-again')
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(sentToday.n) < AGAIN_DAILY_CAP) {
    await mailUnlessBlocked(
      db,
      context,
      row.email,
      [
        {
          purpose: 'registration-again',
          to: row.email,
          refId: row.id,
          ...againMail(event, row, position, linksFor(context, row), context.siteUrl),
        },
      ],
      now,
    );
  }
  return { kind: 'again', id: row.id, status: row.status, ...(position ? { position } : {}) };
}

// --- Cancelling and promotion ---------------------------------------------------------------------

/**
 * Confirms the first people on the waitlist while seats are free (after a cancellation, or a larger
 * capacity), each with a "tienes lugar" mail, the .ics and their reminder. The caller holds the event's
 * row (lockEvent). Nobody is promoted once the event has started. Returns the ids confirmed.
 */
export async function fillFreeSeats(
  db: Kysely<Database>,
  eventId: string,
  context: RegistrationContext,
  now = new Date(),
): Promise<string[]> {
  const eventRow = await db.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirst();
  if (!eventRow || !eventRow.registration_enabled || eventRow.event_date <= now.toISOString()) return [];
  const capacity = eventRow.registration_capacity;
  const free =
    capacity === null ? Number.POSITIVE_INFINITY : capacity - Number(eventRow.registration_confirmed);
  if (free <= 0 || Number(eventRow.registration_waitlisted) === 0) return [];
  const event = toEvent(eventRow);
  let query = db
    .selectFrom('registrations')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('status', '=', 'waitlisted')
    .orderBy('place')
    .orderBy('id');
  if (Number.isFinite(free)) query = query.limit(free);
  const next = await query.execute();
  const nowIso = now.toISOString();
  for (const row of next) {
    await db
      .updateTable('registrations')
      .set({ status: 'confirmed', confirmed_at: nowIso, reminder_for: event.eventDate })
      .where('id', '=', row.id)
      .execute();
    const promoted: RegistrationRow = { ...row, status: 'confirmed', confirmed_at: nowIso };
    const links = linksFor(context, row);
    await mailUnlessBlocked(
      db,
      context,
      row.email,
      [
        {
          purpose: 'registration-promoted',
          to: row.email,
          refId: row.id,
          ...promotedMail(event, promoted, links, context.siteUrl),
        },
        reminderFor(context, event, promoted, now),
      ],
      now,
    );
  }
  if (next.length > 0) {
    await db
      .updateTable('events')
      .set((eb) => ({
        registration_confirmed: eb('registration_confirmed', '+', next.length),
        registration_waitlisted: eb('registration_waitlisted', '-', next.length),
      }))
      .where('id', '=', eventId)
      .execute();
  }
  return next.map((row) => row.id);
}

export interface CancelOutcome {
  /** False when it was cancelled already (cancelling twice is harmless). */
  cancelled: boolean;
  /** Who got the freed seat. */
  promoted: string[];
}

/**
 * Cancels a registration and, when it held a seat, gives the seat to the first on the waitlist, all in
 * the caller's transaction. Pending mail for it (the reminder) is cancelled.
 */
export async function cancelRegistration(
  db: Kysely<Database>,
  row: Pick<RegistrationRow, 'id' | 'event_id'>,
  context: RegistrationContext,
  now = new Date(),
): Promise<CancelOutcome> {
  await lockEvent(db, row.event_id);
  const current = await db
    .selectFrom('registrations')
    .select(['status'])
    .where('id', '=', row.id)
    .executeTakeFirst();
  if (!current || current.status === 'cancelled') return { cancelled: false, promoted: [] };
  await db
    .updateTable('registrations')
    .set({ status: 'cancelled', cancelled_at: now.toISOString(), reminder_for: null })
    .where('id', '=', row.id)
    .execute();
  const counter = current.status === 'confirmed' ? 'registration_confirmed' : 'registration_waitlisted';
  await db
    .updateTable('events')
    .set((eb) => ({ [counter]: eb(counter, '-', 1) }))
    .where('id', '=', row.event_id)
    .execute();
  await cancelPendingMail(db, { refId: row.id, purpose: 'registration-reminder' });
  const promoted = current.status === 'confirmed' ? await fillFreeSeats(db, row.event_id, context, now) : [];
  return { cancelled: true, promoted };
}

/** The registration a manage link names, with its event; undefined for an unknown token. */
export async function findByToken(db: Kysely<Database>, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const row = await db
    .selectFrom('registrations')
    .selectAll()
    .where('token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  if (!row) return undefined;
  const event = await eventOf(db, row.event_id);
  return event ? { row, event } : undefined;
}

export async function findById(db: Kysely<Database>, id: string) {
  const row = await db
    .selectFrom('registrations')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => notBlocked(eb, 'registrations.email'))
    .executeTakeFirst();
  if (!row) return undefined;
  const event = await eventOf(db, row.event_id);
  return event ? { row, event } : undefined;
}

export { positionOf };

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

// --- Admin ----------------------------------------------------------------------------------------

/** An event's registrations for the admin, in order: confirmed first, then the line by place. */
export async function listForEvent(db: Kysely<Database>, eventId: string): Promise<RegistrationRow[]> {
  return db
    .selectFrom('registrations')
    .selectAll()
    .where('event_id', '=', eventId)
    .where((eb) => notBlocked(eb, 'registrations.email'))
    .orderBy(sql`case status when 'confirmed' then 0 when 'waitlisted' then 1 else 2 end`)
    .orderBy('place')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

// --- Reminders moved with their event, capacity raised, retention ---------------------------------

/**
 * Events whose confirmed people hold a reminder written for another start time (the event was moved):
 * each such reminder is cancelled and written again for the new time. The conditional update makes
 * one instance do it, however many are told of the change.
 */
export async function rescheduleReminders(
  db: Kysely<Database>,
  context: RegistrationContext,
  now = new Date(),
  /** Only events the admin changed since then (ISO UTC); all when not given. */
  changedSince?: string,
): Promise<number> {
  const stale = await db
    .selectFrom('registrations')
    .innerJoin('events', 'events.id', 'registrations.event_id')
    .select([
      'registrations.id as id',
      'registrations.reminder_for as reminderFor',
      'events.event_date as start',
    ])
    .where('registrations.status', '=', 'confirmed')
    .where('registrations.reminder_for', 'is not', null)
    .whereRef('registrations.reminder_for', '!=', 'events.event_date')
    .where('events.event_date', '>', now.toISOString())
    .$if(changedSince !== undefined, (query) => query.where('events.updated_at', '>=', changedSince!))
    .limit(500)
    .execute();
  let moved = 0;
  for (const item of stale) {
    await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('registrations')
        .set({ reminder_for: item.start })
        .where('id', '=', item.id)
        .where('reminder_for', '=', item.reminderFor)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return;
      moved++;
      await cancelPendingMail(trx, { refId: item.id, purpose: 'registration-reminder' });
      const row = await trx
        .selectFrom('registrations')
        .selectAll()
        .where('id', '=', item.id)
        .executeTakeFirstOrThrow();
      const event = (await eventOf(trx, row.event_id))!;
      await mailUnlessBlocked(trx, context, row.email, [reminderFor(context, event, row, now)], now);
    });
  }
  return moved;
}

/** Events with free seats and people waiting (the capacity was raised): their line moves up. */
export async function promoteWhereSeatsFree(
  db: Kysely<Database>,
  context: RegistrationContext,
  now = new Date(),
): Promise<number> {
  const events = await db
    .selectFrom('events')
    .select('id')
    .where('registration_enabled', '=', 1)
    .where('registration_waitlisted', '>', 0)
    .where('event_date', '>', now.toISOString())
    .where((eb) =>
      eb.or([
        eb('registration_capacity', 'is', null),
        eb('registration_confirmed', '<', eb.ref('registration_capacity')),
      ]),
    )
    .execute();
  let promoted = 0;
  for (const { id } of events) {
    await db.transaction().execute(async (trx) => {
      await lockEvent(trx, id);
      promoted += (await fillFreeSeats(trx, id, context, now)).length;
    });
  }
  return promoted;
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

// --- Personal data --------------------------------------------------------------------------------

export async function registrationsOf(db: Kysely<Database>, email: string) {
  const rows = await db
    .selectFrom('registrations')
    .innerJoin('events', 'events.id', 'registrations.event_id')
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
  return rows;
}

/** Erases a person's registrations; a seat they held goes to the next in line. */
export async function eraseRegistrations(
  db: Kysely<Database>,
  email: string,
  context: RegistrationContext,
): Promise<number> {
  const rows = await db
    .selectFrom('registrations')
    .select(['id', 'event_id'])
    .where('email_key', '=', email.trim().toLowerCase())
    .execute();
  for (const row of rows) {
    await cancelRegistration(db, row, context);
    await db.deleteFrom('registrations').where('id', '=', row.id).execute();
  }
  return rows.length;
}
