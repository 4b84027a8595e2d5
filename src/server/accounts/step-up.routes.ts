import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StepUpSchema } from '../../shared/account-schemas.ts';
import { apiRoutes } from '../../shared/api-paths.ts';
import { ApiErrorSchema, dataEnvelope } from '../../shared/schemas.ts';
import { perAdminAttempts } from './attempt-limit.ts';
import { requesterOf } from './auth.service.ts';
import { STEP_UP_MS, confirmIdentity } from './step-up.service.ts';

/**
 * `POST /api/admin/me/confirm`: the admin types her password again (and a code when her account has a
 * second factor); the session is then "recently confirmed" for five minutes, which the sensitive
 * routes require (decision 035). Attempts count with the other guesses at her password and codes.
 */
export const stepUpRoutes: FastifyPluginAsyncZod = async (app) => {
  const limitAttempts = perAdminAttempts(app, 'account-attempts');

  app.post(
    apiRoutes.stepUp,
    {
      preHandler: limitAttempts,
      schema: {
        body: StepUpSchema,
        response: {
          200: dataEnvelope(z.object({ confirmedUntil: z.string() })),
          400: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const adminId = request.session.get('adminId')!;
      request.auditDetail = await confirmIdentity(app, requesterOf(request), adminId, request.body);
      const now = Date.now();
      request.session.set('stepUpAt', now);
      return { data: { confirmedUntil: new Date(now + STEP_UP_MS).toISOString() } };
    },
  );
};
