import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { auditRoutes } from '../audit/audit.routes.ts';
import { adminScope, sessionScope } from '../plugins/sessions.ts';
import { adminsRoutes } from './admins.routes.ts';
import { ensureAdmin } from './admins.service.ts';
import { authRoutes } from './auth.routes.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';
import { scheduleResetPruning } from './password-reset.service.ts';
import { requireAdminPlugin } from './require-admin.ts';
import { secondFactorRoutes } from './second-factor.routes.ts';
import { stepUpPlugin } from './step-up.ts';
import { stepUpRoutes } from './step-up.routes.ts';

/**
 * The association's staff: login and logout, the admin accounts, passwords (and their reset by mail),
 * the second factor, the password asked again before sensitive changes, and the activity log. Decorates `requireAdmin`, which every other domain's admin routes use.
 */
export const accountsPlugin = fp(
  async (app: FastifyInstance) => {
    const { admin } = app.config;
    if (admin) {
      const created = await ensureAdmin(app.db, admin.email, admin.password);
      if (created) app.log.info({ email: admin.email }, 'admin account created');
      if (app.config.env === 'production') {
        app.log.warn(
          'ADMIN_PASSWORD is set: it only creates the first admin of an empty site; remove it from the environment',
        );
      }
    }
    await app.register(requireAdminPlugin);
    await app.register(stepUpPlugin);
    // A forgotten password: public routes, outside the admin scope (they read no session).
    await app.register(fp(passwordResetRoutes, { name: 'password-reset' }));
    scheduleResetPruning(app);
    await app.register(sessionScope(authRoutes));
    await app.register(
      adminScope(async (scope) => {
        await scope.register(adminsRoutes);
        await scope.register(secondFactorRoutes);
        await scope.register(stepUpRoutes);
        await scope.register(auditRoutes);
      }),
    );
  },
  { name: 'accounts', dependencies: ['database', 'security', 'sessions', 'mail'] },
);
