import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminScope } from '../plugins/sessions.ts';
import { barrierApiRoutesPlugin, barrierFormRoutes } from './barrier.routes.ts';
import { contactRoutes } from './contact.routes.ts';
import { formPostRoutes } from './form-post.routes.ts';
import { eraseRequestsOf, requestsOf } from './inbox.repository.ts';
import { inboxRoutes } from './inbox.routes.ts';
import { scheduleRetention } from './retention.ts';

/**
 * Contact and membership requests, and reports of accessibility barriers: taken from the API and from plain form posts, stored with their
 * mail, read and handled in the admin's inbox, and deleted once past their retention.
 */
export const requestsPlugin = fp(
  async (app: FastifyInstance) => {
    // Contact and membership requests are personal data: found, exported and erased by the privacy rights.
    app.personData.register({ key: 'requests', find: requestsOf, erase: eraseRequestsOf });
    await app.register(contactRoutes);
    await app.register(formPostRoutes);
    await app.register(barrierApiRoutesPlugin);
    await app.register(barrierFormRoutes);
    await app.register(adminScope(inboxRoutes));
    scheduleRetention(app);
  },
  { name: 'requests', dependencies: ['database', 'security', 'mail', 'accounts', 'site', 'person-data'] },
);
