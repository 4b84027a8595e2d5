import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminScope } from '../plugins/sessions.ts';
import { arcoAdminRoutes } from './arco-admin.routes.ts';
import { arcoFormRoutes } from './arco-form.routes.ts';
import { arcoRoutes } from './arco.routes.ts';
import { arcoPersonData } from './arco.service.ts';
import { schedulePrivacyHousekeeping } from './housekeeping.ts';
import { emailHashKey } from './person.ts';
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
    schedulePrivacyHousekeeping(app);
  },
  {
    name: 'privacy',
    dependencies: ['database', 'security', 'mail', 'accounts', 'site', 'person-data', 'requests'],
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The key of the hash that replaces an erased person's e-mail (privacy/person.ts). */
    privacyHashKey: Buffer;
  }
}
