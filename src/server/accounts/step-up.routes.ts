import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StepUpSchema } from '../../shared/account-schemas.ts';
import { apiRoutes } from '../../shared/api-paths.ts';
import { apiMessages, recoveryMessages, secondFactorMessages } from '../../shared/messages.ts';
import { ApiErrorSchema, dataEnvelope } from '../../shared/schemas.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { HttpError } from '../plugins/errors.ts';
import { credentialsOf } from './admins.repository.ts';
import { perAdminAttempts } from './attempt-limit.ts';
import { verifyPassword } from './password.ts';
import { secondFactorOf } from './second-factor.repository.ts';
import { STEP_UP_MS, checkSecondFactorCode } from './step-up.ts';

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
      const { password, code } = request.body;
      const [{ email, passwordHash }, state] = await Promise.all([
        credentialsOf(app.db, adminId),
        secondFactorOf(app.db, adminId),
      ]);
      const fields: Record<string, string> = {};
      const passwordRight = await verifyPassword(password, passwordHash);
      if (!passwordRight) fields.password = recoveryMessages.wrongPassword;
      if (state?.enabledAt && state.secret) {
        if (!code) fields.code = secondFactorMessages.codeRequired;
        // A code is spent only together with the right password.
        else if (passwordRight && !(await checkSecondFactorCode(app, adminId, state.secret, code))) {
          fields.code = secondFactorMessages.badCode;
        }
      }
      if (Object.keys(fields).length > 0) {
        await recordAudit(app.db, {
          adminId,
          adminEmail: email,
          action: 'me.confirm.failed',
          method: request.method,
          path: apiRoutes.stepUp,
          detail: `${fields.password ? 'Contraseña incorrecta' : 'Código de verificación incorrecto'} (desde ${request.ip})`,
        });
        throw new HttpError(400, 'VALIDATION_ERROR', apiMessages.validation, fields);
      }
      const now = Date.now();
      request.session.set('stepUpAt', now);
      request.auditDetail = state?.enabledAt ? 'Con contraseña y código' : 'Con contraseña';
      return { data: { confirmedUntil: new Date(now + STEP_UP_MS).toISOString() } };
    },
  );
};
