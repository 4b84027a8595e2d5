import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pagePaths } from '../../shared/api-paths.ts';
import { HOUR_MS } from '../../shared/clock.ts';
import { scheduleJob } from '../lib/schedule-job.ts';
import { adminScope } from '../plugins/sessions.ts';
import type { MembershipApplications } from '../plugins/membership-applications.ts';
import { memberPaymentRoutes } from './admin-payments.routes.ts';
import { memberAdminRoutes } from './admin.routes.ts';
import { openApplication } from './applications.service.ts';
import { memberAudience } from './audience.ts';
import type { MembersContext } from './context.ts';
import { workAfterAnswers, type Later } from './later.ts';
import { memberPageRoutes } from './pages.routes.ts';
import { deleteExpiredRecords } from './payments.repository.ts';
import { memberPersonData } from './person-data.ts';
import { listPlans } from './plans.repository.ts';
import { memberPublicRoutes } from './public.routes.ts';
import { directory } from './staff.service.ts';

/**
 * Members: applications (opened from membership requests), approval with a payment reference, dues by
 * bank transfer with receipts, statuses read from dates, renewal reminders through the outbox, the
 * member's own page, the directory each member chooses, corporate seats, and the staff's API. What other
 * domains may ask of it is declared in the machinery: `membershipApplications` (the requests domain),
 * `memberAudience` (the newsletter).
 */
export const membersPlugin = fp(
  async (app: FastifyInstance) => {
    const context: MembersContext = {
      db: app.db,
      now: () => app.config.now?.() ?? new Date(),
      siteUrl: app.config.siteUrl,
      mailFrom: app.config.mailFrom,
      wake: () => app.mailWorker.wake(),
    };
    app.decorate('members', context);
    const later = workAfterAnswers(app.log);
    app.decorate('membersLater', later);
    app.addHook('onClose', async () => later.settled());

    app.decorate('membershipApplications', {
      async open(trx, input) {
        await openApplication(trx, input, context.now());
      },
    } satisfies MembershipApplications);
    app.decorate('memberAudience', memberAudience(context.now));
    app.personData.register(memberPersonData);
    // /Membresias is drawn with the plans' fees and /Socias with the directory, so both are in the HTML.
    app.pageRenderer.addPageData(async (pathname) => {
      if (pathname === pagePaths.membresias) return { membership: { plans: await listPlans(app.db) } };
      if (pathname === pagePaths.socias) return { membership: { directory: await directory(context) } };
      return {};
    });

    // Receipts of erased members whose five years as accounting records are over go, hourly.
    scheduleJob(app, { name: 'member records retention', everyMs: HOUR_MS }, () =>
      deleteExpiredRecords(app.db, context.now()),
    );

    await app.register(memberPublicRoutes);
    await app.register(memberPageRoutes);
    await app.register(adminScope(memberAdminRoutes));
    await app.register(adminScope(memberPaymentRoutes));
  },
  {
    name: 'members',
    dependencies: ['database', 'security', 'mail', 'accounts', 'site', 'person-data'],
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The members' services' view of the app (members/context.ts). */
    members: MembersContext;
    /** Work the members' routes do after their answer has left. */
    membersLater: Later;
  }
}
