import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PasswordResetConfirmSchema, PasswordResetRequestSchema } from '../../shared/account-schemas.ts';
import { apiRoutes } from '../../shared/api-paths.ts';
import { ApiErrorSchema, dataEnvelope } from '../../shared/schemas.ts';
import { normaliseEmail } from './admins.repository.ts';
import { attemptLimit } from './attempt-limit.ts';
import { requesterOf } from './auth.service.ts';
import { resetPassword, sendResetLink } from './password-reset.service.ts';

/** Links asked for one address in 15 minutes, whoever asks. */
export const RESET_REQUESTS_PER_ADDRESS = 5;

const OK = dataEnvelope(z.object({ ok: z.boolean() }));

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

  app.post(
    apiRoutes.passwordReset,
    {
      preHandler: [perClient, perAddress],
      // After the answer: nothing the client can time depends on whether the address is an admin's.
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 202) return;
        const { email } = request.body as { email: string };
        const who = requesterOf(request);
        later(() => sendResetLink(app, who, email));
      },
      schema: { body: PasswordResetRequestSchema, response: { 202: OK, 429: ApiErrorSchema } },
    },
    async (_request, reply) => reply.code(202).send({ data: { ok: true } }),
  );

  app.post(
    apiRoutes.passwordResetConfirm,
    {
      preHandler: perClientConfirm,
      schema: {
        body: PasswordResetConfirmSchema,
        response: { 200: OK, 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request) => {
      await resetPassword(app, requesterOf(request), request.body.token, request.body.password);
      return { data: { ok: true } };
    },
  );
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The reset links' work done after the answer (the lookup, the link, its mail). */
    passwordResets: { settled(): Promise<void> };
  }
}
