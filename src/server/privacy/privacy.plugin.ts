import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HOUR_MS } from '../../shared/clock.ts';
import { scheduleJob } from '../lib/schedule-job.ts';
import { adminScope } from '../plugins/sessions.ts';
import { arcoAdminRoutes } from './arco-admin.routes.ts';
import { arcoFormRoutes } from './arco-form.routes.ts';
import { arcoRoutes } from './arco.routes.ts';
import { arcoPersonData } from './arco.service.ts';
import { runPrivacyHousekeeping } from './housekeeping.service.ts';
import { emailHashKey } from './person.service.ts';
import { personRoutes } from './person.routes.ts';

/**
 * The privacy rights (Mexico's 2025 data-protection law): ARCO requests with a folio and their legal
 * deadlines, from the API and the plain form post, handled in the admin; a person's data found,
 * exported and cancelled across every domain's registered source; erasure after the blocking period,
 * and the audit log's two-year pruning. Registered last: every other domain's source is known by then.
 */
export const privacyPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('privacyHashKey', emailHashKey(app.config.privacyHashSecret ?? app.config.sessionSecret));
    // Its own records: an erased person's ARCO requests stay, without who made them.
    app.personData.register(arcoPersonData(app.privacyHashKey));
    await app.register(arcoRoutes);
    await app.register(arcoFormRoutes);
    await app.register(adminScope(arcoAdminRoutes));
    await app.register(adminScope(personRoutes));
    // At start and then every hour, on every instance.
    scheduleJob(app, { name: 'privacy housekeeping', everyMs: HOUR_MS, awaitFirstRun: true }, () =>
      runPrivacyHousekeeping(app),
    );
  },
  {
    name: 'privacy',
    dependencies: ['database', 'security', 'mail', 'accounts', 'site', 'person-data', 'requests'],
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The key of the hash that replaces an erased person's e-mail (privacy/person.service.ts). */
    privacyHashKey: Buffer;
  }
}
