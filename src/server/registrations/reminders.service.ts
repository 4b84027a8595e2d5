import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { MINUTE_MS } from '../../shared/clock.ts';
import type { Database } from '../db/schema.ts';
import { cancelPendingMail } from '../mail/outbox.repository.ts';
import { mailContext, postUnlessBlocked, reminderLetter, type MailContext } from './registration-mail.ts';
import { registrationById, moveReminder, staleReminders } from './registrations.repository.ts';
import { eventById } from './seats.repository.ts';
import { promoteWhereSeatsFree } from './waitlist.service.ts';

/**
 * Events whose confirmed people hold a reminder written for another start time (the event was moved):
 * each such reminder is cancelled and written again for the new time, each in its own transaction. The
 * conditional update makes one instance do it, however many are told of the change.
 */
export async function rescheduleReminders(
  db: Kysely<Database>,
  context: MailContext,
  now = new Date(),
  /** Only events the admin changed since then (ISO UTC); all when not given. */
  changedSince?: string,
): Promise<number> {
  let moved = 0;
  for (const item of await staleReminders(db, now.toISOString(), changedSince)) {
    await db.transaction().execute(async (trx) => {
      if (!(await moveReminder(trx, item.id, item.reminderFor, item.start))) return;
      moved++;
      await cancelPendingMail(trx, { refId: item.id, purpose: 'registration-reminder' });
      const row = await registrationById(trx, item.id);
      const event = row && (await eventById(trx, row.event_id));
      if (!row || !event) return;
      await postUnlessBlocked(trx, context, row.email, reminderLetter(context, event, row, now), now);
    });
  }
  return moved;
}

/**
 * Follows the admin's changes to events (here or on another instance, told through content changes):
 * reminders follow a moved start, and free seats of a raised capacity go to the line. Both are
 * idempotent and exact under locks. Changes that arrive while a pass runs make one more pass.
 */
export function eventFollower(app: FastifyInstance, onCountsChanged: () => void) {
  const context = mailContext(app.config);
  let pending: Promise<void> | undefined;
  let again = false;
  // Only events written since the last look (a minute's margin for clocks and slow commits); the
  // first look, at start, covers them all.
  let lastLook: number | undefined;
  const follow = async () => {
    const started = Date.now();
    const since = lastLook === undefined ? undefined : new Date(lastLook - MINUTE_MS).toISOString();
    const moved = await rescheduleReminders(app.db, context, new Date(), since);
    lastLook = started;
    const promoted = await promoteWhereSeatsFree(app.db, context, new Date());
    if (promoted > 0) onCountsChanged();
    if (moved + promoted > 0) app.mailWorker.wake();
  };
  const logged = (what: string) => (error: unknown) => app.log.error({ err: error }, what);
  return {
    /** Whatever moved while no instance ran (or before this one started), caught up once. */
    catchUp: () => follow().catch(logged('registrations could not follow the events at start')),
    /** An event changed. */
    changed() {
      if (pending) {
        again = true;
        return;
      }
      pending = (async () => {
        do {
          again = false;
          await follow().catch(logged('registrations could not follow an event change'));
        } while (again);
        pending = undefined;
      })();
    },
    /** The pass under way, if any (the app waits for it when it closes). */
    settled: () => pending,
  };
}
