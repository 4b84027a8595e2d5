import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginResultSchema, MeSchema, SecondFactorCodeSchema } from '../../shared/account-schemas.ts';
import { apiRoutes, SESSION_COOKIE } from '../../shared/api-paths.ts';
import { ApiErrorSchema, LoginSchema, dataEnvelope } from '../../shared/schemas.ts';
import { cookieName } from '../plugins/security.ts';
import { normaliseEmail } from './admins.repository.ts';
import { attemptLimit } from './attempt-limit.ts';
import { checkLoginCode, checkPassword, currentAdmin, passwordLogin, requesterOf } from './auth.service.ts';
import { sessionAdmin } from './require-admin.ts';

/** Codes tried per account in the window (the password was right to get here). */
const SECOND_FACTOR_ATTEMPTS = 5;
const WINDOW = '15 minutes';

/**
 * Starts the admin's session: a new session id (no fixation), the login time (the absolute lifetime
 * counts from it), the instant the session counts from (`passwordAt`, taken before the password was
 * read, so a password changed meanwhile ends this session too, decision 046) and a new CSRF secret,
 * so nothing issued before the login is worth anything after.
 */
export async function startAdminSession(
  request: FastifyRequest,
  reply: FastifyReply,
  adminId: string,
  passwordAt: number,
) {
  await request.session.regenerate();
  request.session.set('adminId', adminId);
  request.session.set('loginAt', Date.now());
  request.session.set('trustedSince', passwordAt);
  reply.renewCsrfToken();
}

/** Admin login (password, then a code when the account has a second factor), logout and "who am I". */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { loginRateLimit } = app.config;

  // Failed or not, attempts are counted per account AND client address: a stranger guessing the
  // owner's password from elsewhere exhausts only her own allowance (decision 010). An address gets
  // three accounts' worth across accounts (the route's own limit), for an office behind one router.
  const perAccountAndAddress = attemptLimit(app, 'login', loginRateLimit, (request) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return `${typeof email === 'string' ? normaliseEmail(email) : ''}:${request.ip}`;
  });
  const perPendingAccount = attemptLimit(
    app,
    'second-factor',
    SECOND_FACTOR_ATTEMPTS,
    (request) => request.session.get('pendingAdminId') ?? request.ip,
  );

  /** A step of the login: limited per client address and by `limit`, answered with the account. */
  const loginStep = <B extends z.ZodType>(body: B, limit: preHandlerAsyncHookHandler) => ({
    config: { rateLimit: { max: loginRateLimit * 3, timeWindow: WINDOW } },
    preHandler: limit,
    schema: {
      body,
      response: { 200: dataEnvelope(LoginResultSchema), 401: ApiErrorSchema, 429: ApiErrorSchema },
    },
  });

  app.post(apiRoutes.login, loginStep(LoginSchema, perAccountAndAddress), async (request, reply) => {
    const { email, password } = request.body;
    const who = requesterOf(request);
    const passwordAt = Date.now();
    const admin = await checkPassword(app, who, email, password);
    if (admin.secondFactor) {
      // The password was right; the session waits for the code and grants nothing meanwhile.
      await request.session.regenerate();
      request.session.set('pendingAdminId', admin.id);
      request.session.set('pendingSince', passwordAt);
      return { data: { id: admin.id, email: admin.email, secondFactorRequired: true } };
    }
    await startAdminSession(request, reply, admin.id, passwordAt);
    await passwordLogin(app, who, admin);
    return { data: { id: admin.id, email: admin.email, secondFactorRequired: false } };
  });

  app.post(
    apiRoutes.loginSecondFactor,
    loginStep(SecondFactorCodeSchema, perPendingAccount),
    async (request, reply) => {
      const pending = {
        adminId: request.session.get('pendingAdminId'),
        since: request.session.get('pendingSince') ?? 0,
      };
      const admin = await checkLoginCode(app, requesterOf(request), pending, request.body.code);
      await startAdminSession(request, reply, admin.id, pending.since);
      request.session.set('secondFactorAt', Date.now());
      return { data: { id: admin.id, email: admin.email, secondFactorRequired: false } };
    },
  );

  app.post(
    apiRoutes.logout,
    { schema: { response: { 200: dataEnvelope(z.object({ ok: z.boolean() })) } } },
    async (request, reply) => {
      const session = request.session;
      if (session.get('adminId') || session.get('pendingAdminId')) await session.destroy();
      // Gone with the session, so a later visit is not taken for an expired session.
      reply.clearCookie(cookieName(SESSION_COOKIE, app.config.env === 'production'), { path: '/' });
      return { data: { ok: true } };
    },
  );

  app.get(
    apiRoutes.me,
    { schema: { response: { 200: dataEnvelope(MeSchema), 401: ApiErrorSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      // The same question every admin route asks: a session the account ended, or one without the code
      // its account's second factor asks for, is refused here too.
      return { data: currentAdmin(app, await sessionAdmin(request)) };
    },
  );

  app.get(
    apiRoutes.csrf,
    { schema: { response: { 200: dataEnvelope(z.object({ token: z.string() })) } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: { token: reply.issueCsrfToken() } };
    },
  );
};
