import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminRowSchema,
  NewAdminSchema,
  PasswordChangeSchema,
  listEnvelope,
} from '../../shared/admin-schemas.ts';
import { apiRoutes } from '../../shared/api-paths.ts';
import { ApiErrorSchema, dataEnvelope } from '../../shared/schemas.ts';
import { DeletedSchema, found, recordSchema } from '../lib/route-helpers.ts';
import {
  addAdmin,
  changeOwnPassword,
  closeOtherSessions,
  listAccounts,
  removeAdmin,
} from './admins.service.ts';
import { perAdminAttempts } from './attempt-limit.ts';
import { restartTrustedSession } from './session-trust.ts';

/**
 * Admin accounts: list, create, remove (never the last one), changing one's own password and closing
 * one's other sessions.
 */
export const adminsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Guesses at the current password from a session left open are limited like logins are.
  const passwordAttempts = perAdminAttempts(app, 'password-change');

  app.get(apiRoutes.admins, { schema: { response: { 200: listEnvelope(AdminRowSchema) } } }, async () => {
    const data = await listAccounts(app);
    return { data, total: data.length };
  });

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
    async (request, reply) =>
      reply.code(201).send({ data: await addAdmin(app, request.body.email, request.body.password) }),
  );

  app.delete(
    apiRoutes.admin,
    { ...app.stepUp(() => 'quitó una cuenta de administración'), schema: recordSchema(DeletedSchema, 409) },
    async (request) => {
      const removed = found(await removeAdmin(app.db, app.dialect, request.params.id));
      request.stepUpAction = `quitó la cuenta de administración de ${removed.email}`;
      return { data: { id: removed.id } };
    },
  );

  // "Cerrar las demás sesiones": asks for the password again, as turning the second factor off does, so
  // a session taken from her cannot shut her own out; the other admins are told (035).
  app.delete(
    apiRoutes.otherSessions,
    {
      ...app.stepUp(() => 'cerró las demás sesiones de su cuenta'),
      schema: { response: { 200: dataEnvelope(z.object({ ended: z.number().int() })) } },
    },
    async (request, reply) => {
      const { ended, validAfter } = await closeOtherSessions(app, {
        adminId: request.session.get('adminId')!,
        sessionId: request.session.sessionId,
      });
      await restartTrustedSession(request, reply, validAfter, request.session.get('secondFactorAt'));
      return { data: { ended } };
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
      const since = await changeOwnPassword(
        app,
        { adminId, sessionId: request.session.sessionId },
        request.body,
      );
      // This session goes on under a new id (and CSRF secret); the others ended with the change.
      // The code this session gave stays given (without it, an account with a second factor is logged out).
      await restartTrustedSession(request, reply, since, request.session.get('secondFactorAt'));
      return { data: { ok: true } };
    },
  );
};
