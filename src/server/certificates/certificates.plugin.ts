import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MINUTE_MS } from '../../shared/clock.ts';
import { scheduleJob } from '../lib/schedule-job.ts';
import { adminScope } from '../plugins/sessions.ts';
import { certificateAdminRoutes } from './admin.routes.ts';
import { certificateOfRegistration } from './certificates.repository.ts';
import type { CertificatesContext } from './context.ts';
import { sendDueFollowups } from './followups.service.ts';
import { certificatePageRoutes } from './pages.routes.ts';
import { certificatePersonData } from './person-data.ts';

/**
 * Certificates of participation for those who checked in, verifiable by anyone at `/Constancias/<folio>`,
 * and the short survey after each event. Every few minutes a job writes, for each checked-in person of
 * an event that started two hours ago, one mail with her certificate's and her survey's links (decision
 * 048); staff may send them sooner.
 */
export const certificatesPlugin = fp(
  async (app: FastifyInstance) => {
    const context: CertificatesContext = {
      db: app.db,
      now: () => app.config.now?.() ?? new Date(),
      siteUrl: app.config.siteUrl,
      mailFrom: app.config.mailFrom,
      wake: () => app.mailWorker.wake(),
    };
    app.decorate('certificates', context);
    app.personData.register(certificatePersonData);
    app.decorate('certificateLookup', {
      async ofRegistration(registrationId: string) {
        const row = await certificateOfRegistration(app.db, registrationId);
        return row ? { folio: row.folio, revoked: row.revoked_at !== null } : undefined;
      },
    });

    scheduleJob(app, { name: 'event follow-ups', everyMs: 5 * MINUTE_MS }, () => sendDueFollowups(context));

    await app.register(certificatePageRoutes);
    await app.register(adminScope(certificateAdminRoutes));
  },
  {
    name: 'certificates',
    dependencies: ['database', 'security', 'mail', 'sessions', 'site', 'person-data', 'registrations'],
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The certificates' services' view of the app (certificates/context.ts). */
    certificates: CertificatesContext;
  }
}
