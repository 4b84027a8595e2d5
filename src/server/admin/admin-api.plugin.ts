import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { secondFactorRoutes } from '../auth/second-factor.routes.ts';
import { uploadRoutes } from '../uploads/uploads.routes.ts';
import { adminsRoutes } from './admins.routes.ts';
import { auditRoutes } from './audit.routes.ts';
import { inboxRoutes } from './inbox.routes.ts';
import { scheduleRetention } from './retention.ts';

/**
 * The admin's API under /api/admin and image uploads, with the retention of handled requests. Registered
 * where the session is read, after the audit hooks (app.ts).
 */
export const adminApiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(
      async (api) => {
        await api.register(uploadRoutes);
        await api.register(async (admin) => {
          await admin.register(inboxRoutes);
          await admin.register(adminsRoutes);
          await admin.register(secondFactorRoutes);
          await admin.register(auditRoutes);
        });
      },
      // Each route's full path comes from src/shared/api-paths.ts.
    );
    scheduleRetention(app);
  },
  { name: 'admin-api', dependencies: ['database', 'sessions', 'require-admin'] },
);
