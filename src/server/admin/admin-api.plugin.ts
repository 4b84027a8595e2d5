import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { secondFactorRoutes } from '../auth/second-factor.routes.ts';
import { serveUploads, uploadRoutes } from '../uploads/uploads.routes.ts';
import { adminsRoutes } from './admins.routes.ts';
import { installAuditHooks } from './audit.hook.ts';
import { auditRoutes } from './audit.routes.ts';
import { inboxRoutes } from './inbox.routes.ts';
import { scheduleRetention } from './retention.ts';

/** The admin's API under /api/admin, image uploads, /uploads/* and the audit of every admin write. */
export const adminApiPlugin = fp(
  async (app: FastifyInstance) => {
    installAuditHooks(app);
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
    await app.register(serveUploads);
    scheduleRetention(app);
  },
  { name: 'admin-api', dependencies: ['database', 'security', 'require-admin'] },
);
