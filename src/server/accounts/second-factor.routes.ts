import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RecoveryCodesSchema,
  SecondFactorCodeSchema,
  SecondFactorSetupSchema,
  SecondFactorStatusSchema,
} from '../../shared/account-schemas.ts';
import { apiMessages, secondFactorMessages } from '../../shared/messages.ts';
import { ApiErrorSchema, dataEnvelope } from '../../shared/schemas.ts';
import { HttpError } from '../plugins/errors.ts';
import { queueMail } from '../mail/outbox.repository.ts';
import { endOtherSessions } from '../plugins/session-store.ts';
import { credentialsOf } from './admins.repository.ts';
import { secondFactorChangedMail } from './templates.ts';
import { perAdminAttempts } from './attempt-limit.ts';
import { newRecoveryCodes, newTotpSecret, totpEnrolment, totpStep } from './second-factor.ts';
import { disableSecondFactor, enableSecondFactor, secondFactorOf } from './second-factor.repository.ts';
import { apiRoutes } from '../../shared/api-paths.ts';

/**
 * The admin's own second factor, under /api/admin/me: its state, set-up (a secret shown as a QR code
 * and as text, confirmed by a code from it, answered with ten recovery codes shown once) and turning it
 * off (with the password). Reachable before the second factor is set up, when it is required.
 */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = { beforeSecondFactor: true };
  const limitAttempts = perAdminAttempts(app, 'account-attempts');
  const adminIdOf = (request: { session: { get(key: 'adminId'): string | undefined } }) =>
    request.session.get('adminId')!;

  /**
   * After the factor is turned on or off: this session starts again under a new id (marked as having
   * given its code when the factor is on, since a code from it just confirmed it), every other session
   * of the account ends, and the account's address is told.
   */
  const afterChange = async (
    request: FastifyRequest,
    reply: FastifyReply,
    adminId: string,
    change: 'on' | 'off',
  ) => {
    const loginAt = request.session.get('loginAt');
    await request.session.regenerate();
    request.session.set('adminId', adminId);
    if (loginAt) request.session.set('loginAt', loginAt);
    if (change === 'on') request.session.set('secondFactorAt', Date.now());
    reply.renewCsrfToken();
    await endOtherSessions(app.db, adminId, request.session.sessionId);
    const { email } = await credentialsOf(app.db, adminId);
    await queueMail(
      app.db,
      [
        {
          purpose: 'second-factor-changed',
          to: email,
          ...secondFactorChangedMail(email, change),
          refId: adminId,
        },
      ],
      app.config.mailFrom,
    );
    app.mailWorker.wake();
  };

  app.get(
    apiRoutes.secondFactor,
    { config: open, schema: { response: { 200: dataEnvelope(SecondFactorStatusSchema) } } },
    async (request) => {
      const state = await secondFactorOf(app.db, adminIdOf(request));
      return {
        data: {
          enabled: Boolean(state?.enabledAt),
          enabledAt: state?.enabledAt ?? null,
          required: app.config.adminRequireSecondFactor,
          recoveryCodesLeft: state?.recoveryCodesLeft ?? 0,
        },
      };
    },
  );

  app.post(
    apiRoutes.secondFactorSetup,
    {
      config: open,
      schema: { response: { 200: dataEnvelope(SecondFactorSetupSchema), 409: ApiErrorSchema } },
    },
    async (request) => {
      const adminId = adminIdOf(request);
      const state = await secondFactorOf(app.db, adminId);
      if (state?.enabledAt) throw new HttpError(409, 'SECOND_FACTOR_ON', secondFactorMessages.alreadyOn);
      const { email } = await credentialsOf(app.db, adminId);
      const secret = newTotpSecret();
      request.session.set('totpSetupSecret', secret);
      return { data: await totpEnrolment(secret, email) };
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
      const adminId = adminIdOf(request);
      const secret = request.session.get('totpSetupSecret');
      if (!secret) throw new HttpError(409, 'NO_SETUP', secondFactorMessages.noSetupStarted);
      if ((await secondFactorOf(app.db, adminId))?.enabledAt) {
        throw new HttpError(409, 'SECOND_FACTOR_ON', secondFactorMessages.alreadyOn);
      }
      const step = totpStep(secret, request.body.code);
      if (step === null) {
        throw new HttpError(400, 'VALIDATION_ERROR', apiMessages.validation, {
          code: secondFactorMessages.badCode,
        });
      }
      const recoveryCodes = newRecoveryCodes();
      await enableSecondFactor(app.db, adminId, secret, step, recoveryCodes);
      await afterChange(request, reply, adminId, 'on');
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
      if (app.config.adminRequireSecondFactor) {
        throw new HttpError(409, 'SECOND_FACTOR_MANDATORY', secondFactorMessages.mandatory);
      }
      const adminId = adminIdOf(request);
      if (!(await secondFactorOf(app.db, adminId))?.enabledAt) {
        throw new HttpError(409, 'SECOND_FACTOR_OFF', secondFactorMessages.alreadyOff);
      }
      await disableSecondFactor(app.db, adminId);
      await afterChange(request, reply, adminId, 'off');
      return { data: { ok: true } };
    },
  );
};
