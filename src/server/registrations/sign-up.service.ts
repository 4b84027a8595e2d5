import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { DAY_MS } from '../../shared/clock.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import type { RegistrationForm, RegistrationStatus } from '../../shared/registrations.ts';
import { recordConsent } from '../consent/consents.repository.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { timeOrderedId } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import {
  againLetters,
  confirmationLetters,
  mailContext,
  post,
  postUnlessBlocked,
  waitlistLetters,
  type MailContext,
} from './registration-mail.ts';
import {
  againMailsSince,
  findByAddress,
  insertRegistration,
  positionOf,
  updateRegistration,
  type RegistrationRow,
} from './registrations.repository.ts';
import { RegistrationRefused, eventById, lockEvent, takeSeat, type Seat } from './seats.repository.ts';
import type { Event } from '../../shared/schemas.ts';

/** Manage-link mails sent again to one address in 24 hours, at most (a repeated sign-up). */
export const AGAIN_DAILY_CAP = 3;

export interface NewRegistration {
  eventId: string;
  fullName: string;
  email: string;
  /** `sitio`: the person; `admin`: added by hand. */
  source: 'sitio' | 'admin';
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

const outcomeOf = (id: string, seat: Seat): RegistrationOutcome => ({
  kind: 'new',
  id,
  status: seat.status,
  ...(seat.status === 'waitlisted' ? { position: seat.position } : {}),
});

/** The mail of a seat or a place just taken. */
const seatLetters = (context: MailContext, seat: Seat, row: RegistrationRow, now: Date) =>
  seat.status === 'confirmed'
    ? confirmationLetters(context, seat.event, row, now)
    : waitlistLetters(context, seat.event, row, seat.position, now);

const privacyConsent = (db: Kysely<Database>, email: string, refId: string, now: Date) =>
  recordConsent(db, {
    email,
    purpose: 'privacy-notice',
    source: 'registro',
    noticeVersion: PRIVACY_NOTICE_VERSION,
    refId,
    givenAt: now,
  });

/**
 * A new sign-up, in the caller's transaction: the seat or waitlist place, the registration, the consent
 * to the privacy notice, and the mail (confirmation with the .ics and a reminder due before the start,
 * or the waitlist notice) with its links. The same address registering again for the event meets the
 * unique constraint and throws it: the caller answers with `registerAgain` in a new transaction (its
 * seat goes back with the rest of the failed write).
 */
export async function registerNew(
  db: Kysely<Database>,
  input: NewRegistration,
  context: MailContext,
): Promise<RegistrationOutcome> {
  const now = input.now ?? new Date();
  const nowIso = now.toISOString();
  const email = input.email.trim();
  const emailKey = email.toLowerCase();
  // Registration closed or the event begun: refused alike for every address, registered or not
  // (decision 049), with no read of who is registered.
  const seat = await takeSeat(db, input.eventId, nowIso, emailKey);
  const confirmed = seat.status === 'confirmed';
  const row: RegistrationRow = {
    id: timeOrderedId(now.getTime()),
    event_id: input.eventId,
    full_name: input.fullName.trim(),
    email,
    email_key: emailKey,
    status: seat.status,
    place: seat.status === 'waitlisted' ? seat.place : null,
    source: input.source,
    reminder_for: confirmed ? seat.event.eventDate : null,
    created_at: nowIso,
    confirmed_at: confirmed ? nowIso : null,
    cancelled_at: null,
    checked_in_at: null,
  };
  await insertRegistration(db, row);
  await privacyConsent(db, email, row.id, now);
  if (!seat.blocked) await post(db, context, seatLetters(context, seat, row, now), now);
  return outcomeOf(row.id, seat);
}

/** Why an event takes no sign-up now (as `takeSeat` says it), or undefined while it takes them. */
function closedReason(event: Event, now: Date): 'closed' | 'started' | undefined {
  if (!event.registration?.enabled) return 'closed';
  return Date.parse(event.eventDate) <= now.getTime() ? 'started' : undefined;
}

/**
 * The same address signs up again for an event while it takes sign-ups: nobody new is created. A
 * person still registered gets their status and the manage link again (at most AGAIN_DAILY_CAP such
 * mails a day per address); one who had cancelled takes a seat or a place again, like a new sign-up.
 */
export async function registerAgain(
  db: Kysely<Database>,
  input: NewRegistration,
  context: MailContext,
): Promise<RegistrationOutcome> {
  const now = input.now ?? new Date();
  const emailKey = input.email.trim().toLowerCase();
  if (!(await lockEvent(db, input.eventId))) throw new RegistrationRefused('not-found');
  // Closed meanwhile: the same refusal as any address gets (decision 049), not this one's status.
  const event = (await eventById(db, input.eventId))!;
  const closed = closedReason(event, now);
  if (closed) throw new RegistrationRefused(closed);
  const row = await findByAddress(db, input.eventId, emailKey);
  if (!row) throw new Error('registerAgain without a registration of this address');

  if (row.status === 'cancelled') {
    const seat = await takeSeat(db, input.eventId, now.toISOString(), emailKey);
    const confirmed = seat.status === 'confirmed';
    const changes = {
      full_name: input.fullName.trim(),
      status: seat.status,
      place: seat.status === 'waitlisted' ? seat.place : null,
      confirmed_at: confirmed ? now.toISOString() : null,
      cancelled_at: null,
      reminder_for: confirmed ? seat.event.eventDate : null,
    };
    await updateRegistration(db, row.id, changes);
    await privacyConsent(db, row.email, row.id, now);
    const revived = { ...row, ...changes };
    await postUnlessBlocked(db, context, row.email, seatLetters(context, seat, revived, now), now);
    return outcomeOf(row.id, seat);
  }

  const position = row.status === 'waitlisted' ? await positionOf(db, row) : undefined;
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  if ((await againMailsSince(db, emailKey, since)) < AGAIN_DAILY_CAP) {
    await postUnlessBlocked(db, context, row.email, againLetters(context, event, row, position, now), now);
  }
  return { kind: 'again', id: row.id, status: row.status, ...(position ? { position } : {}) };
}

/**
 * A sign-up in one transaction; the same address again is answered with its current status from a
 * new one (`kind: 'again'`). Exactness comes from the database (the seat's conditional update, the
 * unique address per event), the same on SQLite and PostgreSQL.
 */
export async function register(
  db: Kysely<Database>,
  input: NewRegistration,
  context: MailContext,
): Promise<RegistrationOutcome> {
  try {
    return await db.transaction().execute((trx) => registerNew(trx, input, context));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Two sign-ups of one address at once: the second meets the first's row.
    return db.transaction().execute((trx) => registerAgain(trx, input, context));
  }
}

/**
 * Takes a valid sign-up, however it arrived (the API, the plain form or the admin). A filled-in
 * honeypot is answered like a confirmed sign-up, and nothing is stored or mailed. Counts changed: the
 * event's lists and pages are drawn again. With the newsletter box ticked, the address is also asked
 * to confirm a subscription (the newsletter's double opt-in; the consent is recorded only at its
 * confirmation). A refusal is thrown as `RegistrationRefused`.
 */
export async function signUp(
  app: FastifyInstance,
  eventId: string,
  form: RegistrationForm,
  source: 'sitio' | 'admin' = 'sitio',
): Promise<RegistrationOutcome | { kind: 'spam' }> {
  if (form.website?.trim()) return { kind: 'spam' };
  const outcome = await register(
    app.db,
    { eventId, fullName: form.fullName, email: form.email, source },
    mailContext(app.config),
  );
  if (outcome.kind === 'new') app.registrationCounts.changed();
  if (form.newsletter) {
    await app.newsletter.subscribe({ email: form.email, fullName: form.fullName, source: 'registro' });
  }
  app.mailWorker.wake();
  return outcome;
}
