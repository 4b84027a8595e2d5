import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginResultSchema, MeSchema, SecondFactorCodeSchema } from '../../shared/account-schemas.ts';
import { apiRoutes, SESSION_COOKIE } from '../../shared/api-paths.ts';
import { MINUTE_MS } from '../../shared/clock.ts';
import { apiMessages, secondFactorMessages } from '../../shared/messages.ts';
import { ApiErrorSchema, LoginSchema, dataEnvelope } from '../../shared/schemas.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { HttpError } from '../plugins/errors.ts';
import { cookieName } from '../plugins/security.ts';
import { attemptLimit } from './attempt-limit.ts';
import { findAdminByEmail, findAdminById, normaliseEmail } from './admins.repository.ts';
import { notLoggedIn } from './require-admin.ts';
import { decoyPasswordHash, verifyPassword } from './password.ts';
import { looksLikeTotp, totpStep } from './second-factor.ts';
import { claimTotpStep, secondFactorOf, useRecoveryCode } from './second-factor.repository.ts';

const badCredentials = () => new HttpError(401, 'INVALID_CREDENTIALS', apiMessages.badCredentials);

/** Between the password and the code: after this the password must be typed again. */
const SECOND_STEP_MS = 5 * MINUTE_MS;
/** Codes tried per account in the window (the password was right to get here). */
const SECOND_FACTOR_ATTEMPTS = 5;
const WINDOW = '15 minutes';

/**
 * Starts the admin's session: a new session id (no fixation), the login time (the absolute lifetime
 * counts from it) and a new CSRF secret, so nothing issued before the login is worth anything after.
 */
export async function startAdminSession(request: FastifyRequest, reply: FastifyReply, adminId: string) {
  await request.session.regenerate();
  request.session.set('adminId', adminId);
  request.session.set('loginAt', Date.now());
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

  const audit = (
    request: FastifyRequest,
    entry: { adminId: string | null; email: string | null; action: string; detail: string },
  ) =>
    recordAudit(app.db, {
      adminId: entry.adminId,
      adminEmail: entry.email,
      action: entry.action,
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
      detail: `${entry.detail} (desde ${request.ip})`,
    });

  app.post(
    apiRoutes.login,
    {
      config: { rateLimit: { max: loginRateLimit * 3, timeWindow: WINDOW } },
      preHandler: perAccountAndAddress,
      schema: {
        body: LoginSchema,
        response: { 200: dataEnvelope(LoginResultSchema), 401: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const admin = await findAdminByEmail(app.db, email);
      // The same scrypt work runs whether or not the account exists.
      const valid = await verifyPassword(password, admin?.password_hash ?? (await decoyPasswordHash()));
      if (!admin || !valid) {
        await audit(request, {
          adminId: admin?.id ?? null,
          email: admin?.email ?? null,
          action: 'auth.login.failed',
          detail: admin ? 'Contraseña incorrecta' : `Correo sin cuenta: ${normaliseEmail(email)}`,
        });
        throw badCredentials();
      }
      if (admin.totp_secret) {
        // The password was right; the session waits for the code and grants nothing meanwhile.
        await request.session.regenerate();
        request.session.set('pendingAdminId', admin.id);
        request.session.set('pendingSince', Date.now());
        return { data: { id: admin.id, email: admin.email, secondFactorRequired: true } };
      }
      await startAdminSession(request, reply, admin.id);
      await audit(request, {
        adminId: admin.id,
        email: admin.email,
        action: 'auth.login',
        detail: 'Con contraseña',
      });
      return { data: { id: admin.id, email: admin.email, secondFactorRequired: false } };
    },
  );

  app.post(
    apiRoutes.loginSecondFactor,
    {
      config: { rateLimit: { max: loginRateLimit * 3, timeWindow: WINDOW } },
      preHandler: perPendingAccount,
      schema: {
        body: SecondFactorCodeSchema,
        response: { 200: dataEnvelope(LoginResultSchema), 401: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const adminId = request.session.get('pendingAdminId');
      const since = request.session.get('pendingSince') ?? 0;
      const expired = () => new HttpError(401, 'LOGIN_EXPIRED', secondFactorMessages.loginExpired);
      if (!adminId || Date.now() - since > SECOND_STEP_MS) throw expired();
      const [admin, state] = await Promise.all([
        findAdminById(app.db, adminId),
        secondFactorOf(app.db, adminId),
      ]);
      if (!admin || !state?.secret) throw expired();

      const { code } = request.body;
      let factor: 'totp' | 'recovery' | undefined;
      if (looksLikeTotp(code)) {
        const step = totpStep(state.secret, code);
        if (step !== null && (await claimTotpStep(app.db, adminId, step))) factor = 'totp';
      } else if (await useRecoveryCode(app.db, adminId, code)) {
        factor = 'recovery';
      }
      if (!factor) {
        await audit(request, {
          adminId,
          email: admin.email,
          action: 'auth.login.failed',
          detail: 'Código de verificación incorrecto',
        });
        throw new HttpError(401, 'INVALID_CODE', secondFactorMessages.badCode, {
          code: secondFactorMessages.badCode,
        });
      }
      await startAdminSession(request, reply, adminId);
      request.session.set('secondFactorAt', Date.now());
      await audit(request, {
        adminId,
        email: admin.email,
        action: 'auth.login',
        detail:
          factor === 'totp'
            ? 'Con contraseña y código de la aplicación'
            : `Con contraseña y un código de recuperación (quedan ${state.recoveryCodesLeft - 1})`,
      });
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
      const adminId = request.session.get('adminId');
      const admin = adminId ? await findAdminById(app.db, adminId) : undefined;
      if (!admin) throw notLoggedIn(request);
      return {
        data: {
          id: admin.id,
          email: admin.email,
          secondFactorEnabled: admin.totp_enabled_at !== null,
          secondFactorRequired: app.config.adminRequireSecondFactor,
        },
      };
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
