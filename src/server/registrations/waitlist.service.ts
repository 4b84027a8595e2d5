import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { cancelPendingMail } from '../mail/outbox.repository.ts';
import { mailContext, postUnlessBlocked, promotionLetters, type MailContext } from './registration-mail.ts';
import {
  deleteRegistration,
  firstInLine,
  registrationsOfAddress,
  statusOf,
  updateRegistration,
  type RegistrationRow,
} from './registrations.repository.ts';
import {
  eventsWithFreeSeats,
  lockEvent,
  moveLineUp,
  releaseSeat,
  seatsForTheLine,
} from './seats.repository.ts';

/**
 * Confirms the first people on the waitlist while seats are free (after a cancellation, or a larger
 * capacity), each with a "tienes lugar" mail, the .ics and their reminder. The caller holds the event's
 * row (lockEvent), so the line read here is exact. Nobody is promoted once the event has started.
 * Returns the ids confirmed.
 */
export async function fillFreeSeats(
  db: Kysely<Database>,
  eventId: string,
  context: MailContext,
  now = new Date(),
): Promise<string[]> {
  const nowIso = now.toISOString();
  const seats = await seatsForTheLine(db, eventId, nowIso);
  if (!seats) return [];
  const { event } = seats;
  const next = await firstInLine(db, eventId, seats.free);
  for (const row of next) {
    const changes = { status: 'confirmed' as const, confirmed_at: nowIso, reminder_for: event.eventDate };
    await updateRegistration(db, row.id, changes);
    const promoted = { ...row, ...changes };
    await postUnlessBlocked(db, context, row.email, promotionLetters(context, event, promoted, now), now);
  }
  if (next.length > 0) await moveLineUp(db, eventId, next.length);
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
  context: MailContext,
  now = new Date(),
): Promise<CancelOutcome> {
  await lockEvent(db, row.event_id);
  const status = await statusOf(db, row.id);
  if (!status || status === 'cancelled') return { cancelled: false, promoted: [] };
  await updateRegistration(db, row.id, {
    status: 'cancelled',
    cancelled_at: now.toISOString(),
    reminder_for: null,
  });
  await releaseSeat(db, row.event_id, status);
  await cancelPendingMail(db, { refId: row.id, purpose: 'registration-reminder' });
  const promoted = status === 'confirmed' ? await fillFreeSeats(db, row.event_id, context, now) : [];
  return { cancelled: true, promoted };
}

/**
 * A cancellation from the manage page or by the admin, in its own transaction; the counts are drawn
 * again and the promoted person's mail goes at once.
 */
export async function cancel(
  app: FastifyInstance,
  row: Pick<RegistrationRow, 'id' | 'event_id'>,
): Promise<CancelOutcome> {
  const context = mailContext(app.config);
  const outcome = await app.db.transaction().execute((trx) => cancelRegistration(trx, row, context));
  if (outcome.cancelled) {
    app.registrationCounts.changed();
    app.mailWorker.wake();
  }
  return outcome;
}

/** Events with free seats and people waiting (the capacity was raised): their line moves up. */
export async function promoteWhereSeatsFree(db: Kysely<Database>, context: MailContext, now: Date) {
  let promoted = 0;
  for (const id of await eventsWithFreeSeats(db, now.toISOString())) {
    await db.transaction().execute(async (trx) => {
      await lockEvent(trx, id);
      promoted += (await fillFreeSeats(trx, id, context, now)).length;
    });
  }
  return promoted;
}

/** Erases a person's registrations, in the caller's transaction; a seat they held goes to the next in line. */
export async function eraseRegistrations(
  db: Kysely<Database>,
  email: string,
  context: MailContext,
): Promise<number> {
  const rows = await registrationsOfAddress(db, email);
  for (const row of rows) {
    await cancelRegistration(db, row, context);
    await deleteRegistration(db, row.id);
  }
  return rows.length;
}
