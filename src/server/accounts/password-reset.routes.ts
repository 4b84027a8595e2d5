import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PasswordResetConfirmSchema, PasswordResetRequestSchema } from '../../shared/account-schemas.ts';
import { apiRoutes } from '../../shared/api-paths.ts';
import { HOUR_MS } from '../../shared/clock.ts';
import { recoveryMessages } from '../../shared/messages.ts';
import { ApiErrorSchema, dataEnvelope } from '../../shared/schemas.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { queueMail } from '../mail/outbox.repository.ts';
import { HttpError } from '../plugins/errors.ts';
import { endOtherSessions } from '../plugins/session-store.ts';
import { findAdminByEmail, findAdminById, normaliseEmail, setAdminPassword } from './admins.repository.ts';
import { attemptLimit } from './attempt-limit.ts';
import { issueResetToken, pruneResetTokens, useResetToken } from './password-reset.repository.ts';
import { passwordChangedMail, passwordResetMail } from './templates.ts';
import { scheduleJob } from '../lib/schedule-job.ts';

/** Links asked for one address in 15 minutes, whoever asks. */
export const RESET_REQUESTS_PER_ADDRESS = 5;

/** The admin app's page that takes the link's token (after `#`, so no server ever sees it in a URL). */
export const resetLinkPath = (token: string) => `/admin#/restablecer-contrasena/${token}`;

/**
 * "¿Olvidaste tu contraseña?" (decision 035). Public routes (no session is read or made):
 * - `POST /api/auth/password-reset {email}` answers 202 at once, before anything about the address is
 *   looked up: the lookup, the link and its mail are done after the answer has left, so the answer takes
 *   the same time whether or not the address is an admin's. Limited per address and per client address.
 * - `POST /api/auth/password-reset/confirm {token, password}` sets the password once per link, ends every
 *   session of the account, and tells the account by mail. It logs nobody in: the next login asks for the
 *   password and, when the account has one, the second factor.
 */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { loginRateLimit } = app.config;
  const perAddress = attemptLimit(app, 'password-reset', RESET_REQUESTS_PER_ADDRESS, (request) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' ? normaliseEmail(email) : '';
  });
  const perClient = attemptLimit(app, 'password-reset-ip', loginRateLimit, (request) => request.ip);
  const perClientConfirm = attemptLimit(
    app,
    'password-reset-confirm',
    loginRateLimit,
    (request) => request.ip,
  );

  // Work done after an answer has left; awaited at close (and by tests).
  const pending = new Set<Promise<void>>();
  const later = (work: () => Promise<void>) => {
    // On the next turn of the event loop: the answer has been handed over whole before the work begins
    // (with SQLite's synchronous driver it would otherwise run before the answer's last callbacks).
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => app.log.error({ err: error }, 'password reset failed'));
    pending.add(run);
    void run.finally(() => pending.delete(run));
  };
  app.decorate('passwordResets', {
    settled: async () => {
      while (pending.size > 0) await Promise.all(pending);
    },
  });
  app.addHook('onClose', async () => app.passwordResets.settled());

  const sendLink = async (typed: string, ip: string) => {
    const now = new Date();
    await pruneResetTokens(app.db, now);
    const admin = await findAdminByEmail(app.db, typed);
    if (!admin) return;
    const token = await issueResetToken(app.db, admin.id, now);
    await queueMail(
      app.db,
      [
        {
          purpose: 'password-reset',
          to: admin.email,
          ...passwordResetMail(admin.email, `${app.config.siteUrl}${resetLinkPath(token)}`),
          refId: admin.id,
        },
      ],
      app.config.mailFrom,
      now,
    );
    app.mailWorker.wake();
    await recordAudit(app.db, {
      adminId: admin.id,
      adminEmail: admin.email,
      action: 'auth.password-reset.request',
      method: 'POST',
      path: apiRoutes.passwordReset,
      detail: `Enlace para restablecer la contraseña enviado (pedido desde ${ip})`,
    });
  };

  app.post(
    apiRoutes.passwordReset,
    {
      preHandler: [perClient, perAddress],
      // After the answer: nothing the client can time depends on whether the address is an admin's.
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 202) return;
        const { email } = request.body as { email: string };
        later(() => sendLink(email, request.ip));
      },
      schema: {
        body: PasswordResetRequestSchema,
        response: { 202: dataEnvelope(z.object({ ok: z.boolean() })), 429: ApiErrorSchema },
      },
    },
    async (_request, reply) => reply.code(202).send({ data: { ok: true } }),
  );

  app.post(
    apiRoutes.passwordResetConfirm,
    {
      preHandler: perClientConfirm,
      schema: {
        body: PasswordResetConfirmSchema,
        response: {
          200: dataEnvelope(z.object({ ok: z.boolean() })),
          400: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const now = new Date();
      const invalid = () =>
        new HttpError(400, 'RESET_LINK_INVALID', recoveryMessages.resetLinkInvalid, {
          token: recoveryMessages.resetLinkInvalid,
        });
      const adminId = await useResetToken(app.db, request.body.token, now);
      const admin = adminId ? await findAdminById(app.db, adminId) : undefined;
      if (!admin) throw invalid();
      await setAdminPassword(app.db, admin.id, request.body.password);
      const ended = await endOtherSessions(app.db, admin.id, '');
      await recordAudit(app.db, {
        adminId: admin.id,
        adminEmail: admin.email,
        action: 'auth.password-reset',
        method: request.method,
        path: apiRoutes.passwordResetConfirm,
        detail: `Contraseña nueva con un enlace enviado por correo; ${ended} sesiones cerradas (desde ${request.ip})`,
      });
      await queueMail(
        app.db,
        [
          {
            purpose: 'password-changed',
            to: admin.email,
            ...passwordChangedMail(admin.email, now),
            refId: admin.id,
          },
        ],
        app.config.mailFrom,
        now,
      );
      app.mailWorker.wake();
      return { data: { ok: true } };
    },
  );

  // Links past their 30 minutes are deleted when a new one is asked for, and at least every hour.
  scheduleJob(app, { name: 'reset link pruning', everyMs: HOUR_MS }, () =>
    pruneResetTokens(app.db, new Date()),
  );
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The reset links' work done after the answer (the lookup, the link, its mail). */
    passwordResets: { settled(): Promise<void> };
  }
}
