import type { FastifyInstance } from 'fastify';
import { HOUR_MS } from '../../shared/clock.ts';
import { recoveryMessages } from '../../shared/messages.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { scheduleJob } from '../lib/schedule-job.ts';
import { queueMail } from '../mail/outbox.repository.ts';
import { HttpError } from '../plugins/errors.ts';
import { findAdminByEmail, findAdminById, setPasswordHash } from './admins.repository.ts';
import { recordAccountEvent, type Requester } from './auth.service.ts';
import { hashPassword } from './password.ts';
import { issueResetToken, pruneResetTokens, useResetToken } from './password-reset.repository.ts';
import { endOtherSessionsForGood } from './session-trust.ts';
import { passwordChangedMail, passwordResetMail } from './templates.ts';

/** The admin app's page that takes the link's token (after `#`, so no server ever sees it in a URL). */
export const resetLinkPath = (token: string) => `/admin#/restablecer-contrasena/${token}`;

/**
 * "¿Olvidaste tu contraseña?" for a typed address: when it is an admin's, a link that works once for 30
 * minutes, its mail and its line in the activity log, in one transaction. Nothing happens for any
 * other address, and nobody is told which it was.
 */
export async function sendResetLink(app: FastifyInstance, who: Requester, typed: string) {
  const now = new Date();
  await pruneResetTokens(app.db, now);
  const admin = await findAdminByEmail(app.db, typed);
  if (!admin) return;
  await app.db.transaction().execute(async (trx) => {
    const token = await issueResetToken(trx, admin.id, now);
    const link = `${app.config.siteUrl}${resetLinkPath(token)}`;
    const mail = { purpose: 'password-reset', to: admin.email, ...passwordResetMail(admin.email, link) };
    await queueMail(trx, [{ ...mail, refId: admin.id }], app.config.mailFrom, now);
    await recordAudit(trx, {
      adminId: admin.id,
      adminEmail: admin.email,
      action: 'auth.password-reset.request',
      method: who.method,
      path: who.path,
      detail: `Enlace para restablecer la contraseña enviado (pedido desde ${who.ip})`,
    });
  });
  app.mailWorker.wake();
}

/**
 * Sets the password of the account a link was sent to, once per link (400 for a link that no longer
 * works): every session of the account ends for good, the account is told by mail, and the change is logged,
 * all in one transaction. It logs nobody in.
 */
export async function resetPassword(app: FastifyInstance, who: Requester, token: string, password: string) {
  const now = new Date();
  const passwordHash = await hashPassword(password);
  await app.db.transaction().execute(async (trx) => {
    const adminId = await useResetToken(trx, token, now);
    const admin = adminId ? await findAdminById(trx, adminId) : undefined;
    if (!admin) {
      throw new HttpError(400, 'RESET_LINK_INVALID', recoveryMessages.resetLinkInvalid, {
        token: recoveryMessages.resetLinkInvalid,
      });
    }
    await setPasswordHash(trx, admin.id, passwordHash);
    const { ended } = await endOtherSessionsForGood(trx, admin.id, '');
    await recordAccountEvent(trx, who, {
      adminId: admin.id,
      email: admin.email,
      action: 'auth.password-reset',
      detail: `Contraseña nueva con un enlace enviado por correo; ${ended} sesiones cerradas`,
    });
    const mail = { purpose: 'password-changed', to: admin.email, ...passwordChangedMail(admin.email, now) };
    await queueMail(trx, [{ ...mail, refId: admin.id }], app.config.mailFrom, now);
  });
  app.mailWorker.wake();
}

/** Links past their 30 minutes are deleted when a new one is asked for, and at least every hour. */
export function scheduleResetPruning(app: FastifyInstance) {
  scheduleJob(app, { name: 'reset link pruning', everyMs: HOUR_MS }, () =>
    pruneResetTokens(app.db, new Date()),
  );
}
