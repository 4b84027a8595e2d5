import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DAY_MS } from '../../shared/clock.ts';
import { secondFactorMessages } from '../../shared/messages.ts';
import { SESSION_COOKIE } from '../../shared/api-paths.ts';
import { apiMessages } from '../../shared/messages.ts';
import { HttpError } from '../plugins/errors.ts';
import { cookieName } from '../plugins/security.ts';
import { findAdminById } from './admins.repository.ts';
import { endedByAccount, trustedSince } from './session-trust.ts';

/** When every admin must have a second factor, a new account has this long to set one up. */
export const ENROL_WITHIN_MS = 3 * DAY_MS;

/**
 * The 401 for a request without a live admin session. It says the session expired only when the
 * request carried a session cookie the server no longer knows (ended by its lifetime, a password
 * change or the account's removal; a logout clears the cookie), never to someone who had none.
 */
export function notLoggedIn(request: FastifyRequest): HttpError {
  const sessionCookie = cookieName(SESSION_COOKIE, request.server.config.env === 'production');
  const hadSession = Boolean(request.cookies[sessionCookie]) && !request.session.get('pendingAdminId');
  return hadSession
    ? new HttpError(401, 'SESSION_EXPIRED', apiMessages.sessionExpired)
    : new HttpError(401, 'UNAUTHORIZED', apiMessages.unauthorized);
}

/**
 * The admin whose session this is, if the session still counts: her account exists, did not end the
 * session (a password change or reset, a second factor turned on or off, `admin:reset` or "cerrar las
 * demás sesiones" after it signed in, decision 046), and the session gave a code when the account has a
 * second factor. A session refused for either of the last two is destroyed and answered 401
 * SESSION_EXPIRED; without an admin at all, 401 too. Every admin route and `/api/auth/me` ask this.
 */
export async function sessionAdmin(request: FastifyRequest) {
  const adminId = request.session.get('adminId');
  const admin = adminId ? await findAdminById(request.server.db, adminId) : undefined;
  if (!admin) throw notLoggedIn(request);
  // The factor belongs to the session: one opened with the password alone (before the account
  // enrolled, say) does not become a full session because the account has a factor now.
  const withoutCode = admin.totp_enabled_at !== null && !request.session.get('secondFactorAt');
  if (withoutCode || endedByAccount(trustedSince(request.session), admin.sessions_valid_after)) {
    await request.session.destroy();
    throw new HttpError(401, 'SESSION_EXPIRED', apiMessages.sessionExpired);
  }
  return admin;
}

/**
 * Decorates `app.requireAdmin`: an onRequest hook that lets only a logged-in, still existing admin
 * whose session still counts through (`sessionAdmin`). When every admin must have a second factor, one
 * without it reaches only the routes that set it up (marked `beforeSecondFactor`) until she does.
 */
export const requireAdminPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const admin = await sessionAdmin(request);
      if (app.config.adminRequireSecondFactor && admin.totp_enabled_at === null) {
        // Whoever enrols first owns the factor: an account left without one is closed after a while.
        if (Date.now() - Date.parse(admin.created_at) > ENROL_WITHIN_MS) {
          throw new HttpError(403, 'ENROLMENT_EXPIRED', secondFactorMessages.enrolmentExpired);
        }
        if (!request.routeOptions.config.beforeSecondFactor) {
          throw new HttpError(403, 'SECOND_FACTOR_REQUIRED', secondFactorMessages.setupRequired);
        }
      }
    });
  },
  { name: 'require-admin', dependencies: ['database', 'sessions'] },
);
