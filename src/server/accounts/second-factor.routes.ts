import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RecoveryCodesSchema,
  SecondFactorCodeSchema,
  SecondFactorSetupSchema,
  SecondFactorStatusSchema,
} from '../../shared/account-schemas.ts';
import { apiRoutes } from '../../shared/api-paths.ts';
import { ApiErrorSchema, dataEnvelope } from '../../shared/schemas.ts';
import { perAdminAttempts } from './attempt-limit.ts';
import { disable, enable, secondFactorStatus, startSetup } from './second-factor.service.ts';
import { restartTrustedSession } from './session-trust.ts';

/** The account a request's session belongs to (the admin scope has checked there is one). */
const accountOf = (request: FastifyRequest) => ({
  adminId: request.session.get('adminId')!,
  sessionId: request.session.sessionId,
});

/**
 * The admin's own second factor, under /api/admin/me: its state, set-up (a secret shown as a QR code
 * and as text, confirmed by a code from it, answered with ten recovery codes shown once) and turning it
 * off (with the password). Reachable before the second factor is set up, when it is required.
 */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = { beforeSecondFactor: true };
  const limitAttempts = perAdminAttempts(app, 'account-attempts');

  app.get(
    apiRoutes.secondFactor,
    { config: open, schema: { response: { 200: dataEnvelope(SecondFactorStatusSchema) } } },
    async (request) => ({ data: await secondFactorStatus(app, accountOf(request).adminId) }),
  );

  app.post(
    apiRoutes.secondFactorSetup,
    {
      config: open,
      schema: { response: { 200: dataEnvelope(SecondFactorSetupSchema), 409: ApiErrorSchema } },
    },
    async (request) => {
      const enrolment = await startSetup(app, accountOf(request).adminId);
      request.session.set('totpSetupSecret', enrolment.secret);
      return { data: enrolment };
    },
  );

  app.post(
    apiRoutes.secondFactorEnable,
    {
      config: open,
      preHandler: limitAttempts,
      schema: {
        body: SecondFactorCodeSchema,
        response: {
          200: dataEnvelope(RecoveryCodesSchema),
          400: ApiErrorSchema,
          409: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const secret = request.session.get('totpSetupSecret');
      const { recoveryCodes, since } = await enable(app, accountOf(request), secret, request.body.code);
      // This session goes on under a new id, marked as having given its code (one from it just
      // confirmed the factor); the account's other sessions ended.
      await restartTrustedSession(request, reply, since, Date.now());
      return { data: { recoveryCodes } };
    },
  );

  // Turning it off asks for the password and a code again (the step-up, decision 035); the other
  // admins are told.
  app.post(
    apiRoutes.secondFactorDisable,
    {
      ...app.stepUp(() => 'desactivó la verificación en dos pasos de su cuenta'),
      schema: {
        response: {
          200: dataEnvelope(z.object({ ok: z.boolean() })),
          409: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const since = await disable(app, accountOf(request));
      await restartTrustedSession(request, reply, since, undefined);
      return { data: { ok: true } };
    },
  );
};
