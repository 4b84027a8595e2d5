import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminSchema, ApiErrorSchema, LoginSchema, dataEnvelope } from '../../shared/schemas.ts';
import { apiMessages } from '../../shared/messages.ts';
import { HttpError } from '../plugins/errors.ts';
import { findAdminByEmail, findAdminById, normaliseEmail } from './admins.repository.ts';
import { decoyPasswordHash, verifyPassword } from './password.ts';

const badCredentials = () => new HttpError(401, 'INVALID_CREDENTIALS', apiMessages.badCredentials);

/** Admin login, logout and "who am I"; the session lives in the database. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // createRateLimit rather than rateLimit: a second rateLimit() handler on a route that has its own
  // limit is skipped (the plugin marks the request as already limited), so the account was never counted.
  const perAccountLimit = app.createRateLimit({
    max: app.config.loginRateLimit,
    timeWindow: '15 minutes',
    keyGenerator: (request) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return `login-account:${typeof email === 'string' ? normaliseEmail(email) : ''}`;
    },
  });

  app.post(
    '/auth/login',
    {
      config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: '15 minutes' } },
      preHandler: async (request) => {
        const limit = await perAccountLimit(request);
        if ('isExceeded' in limit && limit.isExceeded) {
          throw new HttpError(429, 'RATE_LIMITED', apiMessages.rateLimited);
        }
      },
      schema: {
        body: LoginSchema,
        response: { 200: dataEnvelope(AdminSchema), 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const admin = await findAdminByEmail(app.db, email);
      // The same scrypt work runs whether or not the account exists.
      const valid = await verifyPassword(password, admin?.password_hash ?? (await decoyPasswordHash()));
      if (!admin || !valid) throw badCredentials();
      await request.session.regenerate();
      request.session.set('adminId', admin.id);
      return { data: { id: admin.id, email: admin.email } };
    },
  );

  app.post(
    '/auth/logout',
    { schema: { response: { 200: dataEnvelope(z.object({ ok: z.boolean() })) } } },
    async (request) => {
      if (request.session.get('adminId')) await request.session.destroy();
      return { data: { ok: true } };
    },
  );

  app.get(
    '/auth/me',
    { schema: { response: { 200: dataEnvelope(AdminSchema), 401: ApiErrorSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const adminId = request.session.get('adminId');
      const admin = adminId ? await findAdminById(app.db, adminId) : undefined;
      if (!admin) throw new HttpError(401, 'UNAUTHORIZED', apiMessages.unauthorized);
      return { data: admin };
    },
  );

  app.get(
    '/csrf',
    { schema: { response: { 200: dataEnvelope(z.object({ token: z.string() })) } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: { token: reply.issueCsrfToken() } };
    },
  );
};
