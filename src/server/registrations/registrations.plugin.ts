import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HOUR_MS } from '../../shared/clock.ts';
import { scheduleJob } from '../lib/schedule-job.ts';
import { adminScope, sessionScope } from '../plugins/sessions.ts';
import { registrationAdminRoutes } from './admin.routes.ts';
import { checkInPageRoutes } from './check-in.routes.ts';
import { registrationCounts, type RegistrationCounts } from './counts.ts';
import { mailContext } from './registration-mail.ts';
import { registrationPageRoutes } from './registration-pages.routes.ts';
import { registrationsOf } from './registrations.repository.ts';
import { registrationRoutes } from './registrations.routes.ts';
import { eventFollower } from './reminders.service.ts';
import { DEFAULT_RETENTION_DAYS, retireRegistrations } from './retention.ts';
import { eraseRegistrations } from './waitlist.service.ts';

/**
 * Sign-up for events: the API and the plain form, the seats and the waitlist kept exact in the
 * database, the mail (confirmation with the .ics, waitlist, "tienes lugar", reminders), the manage
 * page, the admin's lists and check-in, and the deletion of registrations after their event.
 */
export const registrationsPlugin = fp(
  async (app: FastifyInstance) => {
    const counts = registrationCounts(app);
    app.decorate('registrationCounts', counts);

    // An event moved or its capacity raised (by the admin, here or on another instance): reminders
    // follow the new time, and free seats go to the line. Counts this instance published need no
    // follow-up: no event moved, no capacity changed.
    const follower = eventFollower(app, () => counts.changed());
    app.contentChanges.subscribe((resource) => {
      if (resource === 'events' && !counts.publishing) follower.changed();
    });
    app.addHook('onReady', follower.catchUp);
    app.addHook('onClose', async () => {
      counts.stop();
      await follower.settled();
    });

    const days = app.config.registrations?.retentionDays ?? DEFAULT_RETENTION_DAYS;
    scheduleJob(app, { name: 'registration retention', everyMs: HOUR_MS, awaitFirstRun: true }, () =>
      retireRegistrations(app, days),
    );

    app.personData.register({
      key: 'registrations',
      find: (db, email) => registrationsOf(db, email),
      erase: (db, email) => eraseRegistrations(db, email, mailContext(app.config)),
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
    registrationCounts: RegistrationCounts;
  }
}
