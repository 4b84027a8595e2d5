import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HOUR_MS, MINUTE_MS } from '../../shared/clock.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { adminScope, sessionScope } from '../plugins/sessions.ts';
import { registrationStore, type RegistrationStore } from './accept-registration.ts';
import { checkInPageRoutes, registrationAdminRoutes } from './admin.routes.ts';
import { registrationPageRoutes } from './registration-pages.routes.ts';
import {
  deleteExpired,
  eraseRegistrations,
  promoteWhereSeatsFree,
  registrationsOf,
  rescheduleReminders,
} from './registrations.repository.ts';
import { registrationRoutes } from './registrations.routes.ts';
import { scheduleJob } from '../lib/schedule-job.ts';

/** Counts change in bursts (a rush of sign-ups): the events are drawn again at most this often. */
const COUNTS_REDRAW_MS = 250;

export interface RegistrationCounts {
  /** Some event's counts changed: its lists and pages are drawn again (soon, once per burst). */
  changed(): void;
}

/**
 * Sign-up for events: the API and the plain form, the seats and the waitlist kept exact in the
 * database, the mail (confirmation with the .ics, waitlist, "tienes lugar", reminders), the manage
 * page, the admin's lists and check-in, and the deletion of registrations after their event.
 */
export const registrationsPlugin = fp(
  async (app: FastifyInstance) => {
    const store = registrationStore(app);
    app.decorate('registrations', store);

    // Counts are part of the events' answers: a change redraws the lists and pages, once per burst.
    let timer: NodeJS.Timeout | undefined;
    let last = 0;
    let publishingCounts = false;
    const publish = () => {
      timer = undefined;
      last = Date.now();
      publishingCounts = true;
      try {
        app.contentChanges.publish('events');
      } finally {
        publishingCounts = false;
      }
    };
    app.decorate('registrationCounts', {
      changed() {
        if (timer) return;
        const wait = last + COUNTS_REDRAW_MS - Date.now();
        if (wait <= 0) publish();
        else timer = setTimeout(publish, wait);
      },
    } satisfies RegistrationCounts);

    // An event moved or its capacity raised (by the admin, here or on another instance): reminders
    // follow the new time, and free seats go to the line. Both are idempotent and exact under locks.
    let pending: Promise<void> | undefined;
    let again = false;
    // Only events written since the last look (a minute's margin for clocks and slow commits); the
    // first look, at start, covers them all.
    let lastLook: number | undefined;
    const followEvents = async () => {
      const started = Date.now();
      const since = lastLook === undefined ? undefined : new Date(lastLook - MINUTE_MS).toISOString();
      const moved = await rescheduleReminders(app.db, store.context, new Date(), since);
      lastLook = started;
      const promoted = await promoteWhereSeatsFree(app.db, store.context);
      if (promoted > 0) app.registrationCounts.changed();
      if (moved + promoted > 0) app.mailWorker.wake();
    };
    app.contentChanges.subscribe((resource) => {
      // Counts this instance changed need no follow-up: no event moved, no capacity changed.
      if (resource !== 'events' || publishingCounts) return;
      if (pending) {
        again = true;
        return;
      }
      const run = async () => {
        do {
          again = false;
          await followEvents().catch((error: unknown) =>
            app.log.error({ err: error }, 'registrations could not follow an event change'),
          );
        } while (again);
        pending = undefined;
      };
      pending = run();
    });

    // Retention: registrations go a number of days after their event (default 90).
    const days = app.config.registrations?.retentionDays ?? 90;
    scheduleJob(app, { name: 'registration retention', everyMs: HOUR_MS, awaitFirstRun: true }, async () => {
      const deleted = await deleteExpired(app.db, days);
      if (deleted === 0) return;
      await recordAudit(app.db, {
        adminId: null,
        action: 'retention.registrations',
        method: 'SYSTEM',
        path: 'retention',
        detail: `Se eliminaron ${deleted} registros a eventos que terminaron hace más de ${days} días`,
      });
      app.log.info({ deleted, days }, 'registrations past their retention deleted');
    });
    app.addHook('onReady', async () => {
      // Whatever moved while no instance ran (or before this one started) is caught up once.
      await followEvents().catch((error: unknown) =>
        app.log.error({ err: error }, 'registrations could not follow the events at start'),
      );
    });
    app.addHook('onClose', async () => {
      clearTimeout(timer);
      await pending;
    });

    app.personData.register({
      key: 'registrations',
      find: (db, email) => registrationsOf(db, email),
      erase: (db, email) => eraseRegistrations(db, email, store.context),
    });

    await app.register(registrationRoutes);
    await app.register(registrationPageRoutes);
    await app.register(adminScope(registrationAdminRoutes));
    await app.register(sessionScope(checkInPageRoutes));
  },
  {
    name: 'registrations',
    dependencies: [
      'database',
      'security',
      'mail',
      'accounts',
      'site',
      'content',
      'person-data',
      'content-changes',
      'newsletter',
    ],
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Stores sign-ups with their mail (accept-registration.ts). */
    registrations: RegistrationStore;
    registrationCounts: RegistrationCounts;
  }
}
