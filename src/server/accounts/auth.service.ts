import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { MINUTE_MS } from '../../shared/clock.ts';
import { apiMessages, secondFactorMessages } from '../../shared/messages.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../plugins/errors.ts';
import { findAdminByEmail, findAdminById, normaliseEmail } from './admins.repository.ts';
import { decoyPasswordHash, verifyPassword } from './password.ts';
import { secondFactorOf } from './second-factor.repository.ts';
import { checkSecondFactorCode } from './second-factor.service.ts';
import { endedByAccount } from './session-trust.ts';

/** Between the password and the code: after this the password must be typed again. */
export const SECOND_STEP_MS = 5 * MINUTE_MS;

/** Who asked, as the activity log names it. */
export interface Requester {
  method: string;
  path: string;
  ip: string;
}

export const requesterOf = (request: FastifyRequest): Requester => ({
  method: request.method,
  path: request.routeOptions.url ?? request.url.split('?')[0] ?? request.url,
  ip: request.ip,
});

/** A line of the activity log about an account, saying where the request came from. */
export function recordAccountEvent(
  db: Kysely<Database>,
  who: Requester,
  entry: { adminId: string | null; email: string | null; action: string; detail: string },
) {
  return recordAudit(db, {
    adminId: entry.adminId,
    adminEmail: entry.email,
    action: entry.action,
    method: who.method,
    path: who.path,
    detail: `${entry.detail} (desde ${who.ip})`,
  });
}

/**
 * The login's first step: the account whose password this is, with whether it has a second factor.
 * A wrong address or password is logged and answered 401, after the same scrypt work either way.
 */
export async function checkPassword(app: FastifyInstance, who: Requester, email: string, password: string) {
  const admin = await findAdminByEmail(app.db, email);
  const valid = await verifyPassword(password, admin?.password_hash ?? (await decoyPasswordHash()));
  if (!admin || !valid) {
    await recordAccountEvent(app.db, who, {
      adminId: admin?.id ?? null,
      email: admin?.email ?? null,
      action: 'auth.login.failed',
      detail: admin ? 'Contraseña incorrecta' : `Correo sin cuenta: ${normaliseEmail(email)}`,
    });
    throw new HttpError(401, 'INVALID_CREDENTIALS', apiMessages.badCredentials);
  }
  return { id: admin.id, email: admin.email, secondFactor: Boolean(admin.totp_secret) };
}

/** A login that gave the password alone, on an account without a second factor: logged. */
export async function passwordLogin(
  app: FastifyInstance,
  who: Requester,
  admin: { id: string; email: string },
) {
  await recordAccountEvent(app.db, who, {
    adminId: admin.id,
    email: admin.email,
    action: 'auth.login',
    detail: 'Con contraseña',
  });
}

/**
 * The login's second step, for the account whose password was given `since` (ms) on this session: a
 * code from the app or a recovery code. Too late, or for an account gone: 401 LOGIN_EXPIRED; a wrong
 * code is logged and answered 401 INVALID_CODE. Logs the login and answers the account.
 */
export async function checkLoginCode(
  app: FastifyInstance,
  who: Requester,
  pending: { adminId: string | undefined; since: number },
  code: string,
) {
  const { adminId, since } = pending;
  const expired = () => new HttpError(401, 'LOGIN_EXPIRED', secondFactorMessages.loginExpired);
  if (!adminId || Date.now() - since > SECOND_STEP_MS) throw expired();
  const [admin, state] = await Promise.all([findAdminById(app.db, adminId), secondFactorOf(app.db, adminId)]);
  // A password given before the account's sessions were ended (a password change, say) counts no more.
  if (!admin || !state?.secret || endedByAccount(since, admin.sessions_valid_after)) throw expired();
  const factor = await checkSecondFactorCode(app.db, adminId, state.secret, code);
  const account = { adminId, email: admin.email };
  if (!factor) {
    await recordAccountEvent(app.db, who, {
      ...account,
      action: 'auth.login.failed',
      detail: 'Código de verificación incorrecto',
    });
    throw new HttpError(401, 'INVALID_CODE', secondFactorMessages.badCode, {
      code: secondFactorMessages.badCode,
    });
  }
  await recordAccountEvent(app.db, who, {
    ...account,
    action: 'auth.login',
    detail:
      factor === 'totp'
        ? 'Con contraseña y código de la aplicación'
        : `Con contraseña y un código de recuperación (quedan ${state.recoveryCodesLeft - 1})`,
  });
  return { id: admin.id, email: admin.email };
}

/** The logged-in admin as the admin app reads her ("who am I"); `admin` is her session's (`sessionAdmin`). */
export function currentAdmin(
  app: FastifyInstance,
  admin: { id: string; email: string; totp_enabled_at: string | null },
) {
  return {
    id: admin.id,
    email: admin.email,
    secondFactorEnabled: admin.totp_enabled_at !== null,
    secondFactorRequired: app.config.adminRequireSecondFactor,
  };
}
