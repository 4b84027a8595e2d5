import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../shared/clock.ts';
import { apiMessages, recoveryMessages, secondFactorMessages } from '../../shared/messages.ts';
import { queueMail } from '../mail/outbox.repository.ts';
import { HttpError } from '../plugins/errors.ts';
import { credentialsOf, findAdminById, listAdmins } from './admins.repository.ts';
import { recordAccountEvent, type Requester } from './auth.service.ts';
import { verifyPassword } from './password.ts';
import { secondFactorOf } from './second-factor.repository.ts';
import { checkSecondFactorCode } from './second-factor.service.ts';
import { sensitiveActionMail } from './templates.ts';

/** How long a session stays "recently confirmed" after the password (and code) was typed again. */
export const STEP_UP_MS = 5 * MINUTE_MS;

/** Whether a session that last confirmed at `at` (ms) may still take a sensitive action. */
export const recentlyConfirmed = (at: number | undefined) => (at ? Date.now() - at <= STEP_UP_MS : false);

/**
 * The admin types her password again, and a code when her account has a second factor (a code is
 * spent only together with the right password). Wrong: logged, and 400 with a message by each field.
 * Answers what she gave, for the activity log.
 */
export async function confirmIdentity(
  app: FastifyInstance,
  who: Requester,
  adminId: string,
  typed: { password: string; code?: string | undefined },
): Promise<'Con contraseña y código' | 'Con contraseña'> {
  const [{ email, passwordHash }, state] = await Promise.all([
    credentialsOf(app.db, adminId),
    secondFactorOf(app.db, adminId),
  ]);
  const fields: Record<string, string> = {};
  const passwordRight = await verifyPassword(typed.password, passwordHash);
  if (!passwordRight) fields.password = recoveryMessages.wrongPassword;
  if (state?.enabledAt && state.secret) {
    if (!typed.code) fields.code = secondFactorMessages.codeRequired;
    else if (passwordRight && !(await checkSecondFactorCode(app.db, adminId, state.secret, typed.code))) {
      fields.code = secondFactorMessages.badCode;
    }
  }
  if (Object.keys(fields).length > 0) {
    await recordAccountEvent(app.db, who, {
      adminId,
      email,
      action: 'me.confirm.failed',
      detail: fields.password ? 'Contraseña incorrecta' : 'Código de verificación incorrecto',
    });
    throw new HttpError(400, 'VALIDATION_ERROR', apiMessages.validation, fields);
  }
  return state?.enabledAt ? 'Con contraseña y código' : 'Con contraseña';
}

/**
 * After a sensitive action (decision 035): every other admin but `exclude` (the account acted on) is
 * sent a mail through the outbox saying who did what, and when.
 */
export async function tellOtherAdmins(
  app: FastifyInstance,
  actorId: string | undefined,
  what: string,
  exclude: string | undefined,
) {
  const actor = actorId ? await findAdminById(app.db, actorId) : undefined;
  const others = (await listAdmins(app.db)).filter((admin) => admin.id !== actorId && admin.id !== exclude);
  if (others.length === 0) return;
  const content = sensitiveActionMail(actor?.email ?? 'Una administradora', what);
  await queueMail(
    app.db,
    others.map((admin) => ({
      purpose: 'admin-sensitive-action',
      to: admin.email,
      ...content,
      refId: admin.id,
    })),
    app.config.mailFrom,
  );
  app.mailWorker.wake();
}
