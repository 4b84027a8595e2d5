import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, IdParamSchema, dataEnvelope } from '../../shared/schemas.ts';
import {
  createAdmin,
  credentialsOf,
  findAdminByEmail,
  findAdminById,
  listAdmins,
  removeAdminUnlessLast,
  setAdminPassword,
} from './admins.repository.ts';
import { verifyPassword } from './password.ts';
import { perAdminAttempts } from './attempt-limit.ts';
import { endOtherSessions } from '../plugins/session-store.ts';
import { HttpError, notFound } from '../plugins/errors.ts';
import {
  AdminRowSchema,
  NewAdminSchema,
  PasswordChangeSchema,
  listEnvelope,
} from '../../shared/admin-schemas.ts';
import { apiRoutes } from '../../shared/api-paths.ts';

/** Admin accounts: list, create, remove (never the last one) and changing one's own password. */
export const adminsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Guesses at the current password from a session left open are limited like logins are.
  const passwordAttempts = perAdminAttempts(app, 'password-change');

  app.get(
    apiRoutes.admins,
    { schema: { response: { 200: listEnvelope(AdminRowSchema) } } },
    async () => {
      const data = await listAdmins(app.db);
      return { data, total: data.length };
    },
  );

  // Creating or removing an account asks for the password again, and the other admins are told (035).
  app.post(
    apiRoutes.admins,
    {
      ...app.stepUp(
        (request) => `creó la cuenta de administración de ${(request.body as { email: string }).email}`,
      ),
      schema: {
        body: NewAdminSchema,
        response: { 201: dataEnvelope(AdminRowSchema), 409: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const taken = () =>
        new HttpError(409, 'EMAIL_TAKEN', 'Ya existe una cuenta de administración con ese correo.', {
          email: 'Ya existe una cuenta con este correo',
        });
      if (await findAdminByEmail(app.db, email)) throw taken();
      try {
        const admin = await createAdmin(app.db, email, password);
        return reply.code(201).send({ data: { ...admin, createdAt: new Date().toISOString() } });
      } catch (error) {
        if (await findAdminByEmail(app.db, email)) throw taken();
        throw error;
      }
    },
  );

  app.delete(
    apiRoutes.admin,
    {
      ...app.stepUp(() => 'quitó una cuenta de administración'),
      schema: {
        params: IdParamSchema,
        response: {
          200: dataEnvelope(z.object({ id: z.string() })),
          404: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const target = await findAdminById(app.db, id);
      if (target) request.stepUpAction = `quitó la cuenta de administración de ${target.email}`;
      const outcome = await removeAdminUnlessLast(app.db, app.dialect, id);
      if (outcome === 'missing') throw notFound();
      if (outcome === 'last') {
        throw new HttpError(409, 'LAST_ADMIN', 'No se puede eliminar a la única administradora.');
      }
      // A removed admin's sessions stop working at once (requireAdmin checks the account exists).
      return { data: { id } };
    },
  );

  app.put(
    apiRoutes.ownPassword,
    {
      preHandler: passwordAttempts,
      schema: {
        body: PasswordChangeSchema,
        response: {
          200: dataEnvelope(z.object({ ok: z.boolean() })),
          400: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const adminId = request.session.get('adminId')!;
      const { passwordHash } = await credentialsOf(app.db, adminId);
      if (!(await verifyPassword(request.body.currentPassword, passwordHash))) {
        throw new HttpError(400, 'VALIDATION_ERROR', 'Revisa los campos marcados.', {
          currentPassword: 'La contraseña actual no es correcta',
        });
      }
      await setAdminPassword(app.db, adminId, request.body.newPassword);
      // This session goes on under a new id (and CSRF secret); every other one ends.
      // The code this session gave stays given (without it, an account with a second factor is logged out).
      await request.session.regenerate(['adminId', 'loginAt', 'secondFactorAt']);
      reply.renewCsrfToken();
      await endOtherSessions(app.db, adminId, request.session.sessionId);
      return { data: { ok: true } };
    },
  );
};
