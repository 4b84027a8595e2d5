import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { apiMessages, secondFactorMessages } from '../../shared/messages.ts';
import type { Database } from '../db/schema.ts';
import { queueMail } from '../mail/outbox.repository.ts';
import { HttpError } from '../plugins/errors.ts';
import { credentialsOf } from './admins.repository.ts';
import { looksLikeTotp, newRecoveryCodes, newTotpSecret, totpEnrolment, totpStep } from './second-factor.ts';
import {
  claimTotpStep,
  disableSecondFactor,
  enableSecondFactor,
  secondFactorOf,
  useRecoveryCode,
} from './second-factor.repository.ts';
import { endOtherSessionsForGood } from './session-trust.ts';
import { secondFactorChangedMail } from './templates.ts';

const alreadyOn = () => new HttpError(409, 'SECOND_FACTOR_ON', secondFactorMessages.alreadyOn);

/**
 * Checks a second-factor code for the account: a six-digit code from the app (each time step once) or
 * an unused recovery code (then used up). Answers which one worked.
 */
export async function checkSecondFactorCode(
  db: Kysely<Database>,
  adminId: string,
  secret: string,
  code: string,
): Promise<'totp' | 'recovery' | undefined> {
  if (looksLikeTotp(code)) {
    const step = totpStep(secret, code);
    return step !== null && (await claimTotpStep(db, adminId, step)) ? 'totp' : undefined;
  }
  return (await useRecoveryCode(db, adminId, code)) ? 'recovery' : undefined;
}

export async function secondFactorStatus(app: FastifyInstance, adminId: string) {
  const state = await secondFactorOf(app.db, adminId);
  return {
    enabled: Boolean(state?.enabledAt),
    enabledAt: state?.enabledAt ?? null,
    required: app.config.adminRequireSecondFactor,
    recoveryCodesLeft: state?.recoveryCodesLeft ?? 0,
  };
}

/** A new secret for the account to set up (shown as a QR code and as text); 409 when one is on. */
export async function startSetup(app: FastifyInstance, adminId: string) {
  if ((await secondFactorOf(app.db, adminId))?.enabledAt) throw alreadyOn();
  const { email } = await credentialsOf(app.db, adminId);
  return totpEnrolment(newTotpSecret(), email);
}

/**
 * Once the factor is on or off: every session of the account but `keepSid` ends for good, and its
 * address is told, in the transaction that made the change. Answers the instant the kept session counts
 * from.
 */
async function afterChange(
  app: FastifyInstance,
  trx: Kysely<Database>,
  adminId: string,
  keepSid: string,
  change: 'on' | 'off',
): Promise<number> {
  const { validAfter } = await endOtherSessionsForGood(trx, adminId, keepSid);
  const { email } = await credentialsOf(trx, adminId);
  const mail = { purpose: 'second-factor-changed', to: email, ...secondFactorChangedMail(email, change) };
  await queueMail(trx, [{ ...mail, refId: adminId }], app.config.mailFrom);
  return validAfter;
}

/**
 * Turns the factor on with the secret set up on this session, once a code from it is right (400
 * otherwise; 409 when none was set up or one is on already). Answers ten recovery codes, shown once,
 * and the instant this session counts from.
 */
export async function enable(
  app: FastifyInstance,
  account: { adminId: string; sessionId: string },
  secret: string | undefined,
  code: string,
): Promise<{ recoveryCodes: string[]; since: number }> {
  const { adminId, sessionId } = account;
  if (!secret) throw new HttpError(409, 'NO_SETUP', secondFactorMessages.noSetupStarted);
  if ((await secondFactorOf(app.db, adminId))?.enabledAt) throw alreadyOn();
  const step = totpStep(secret, code);
  if (step === null) {
    throw new HttpError(400, 'VALIDATION_ERROR', apiMessages.validation, {
      code: secondFactorMessages.badCode,
    });
  }
  const recoveryCodes = newRecoveryCodes();
  const since = await app.db.transaction().execute(async (trx) => {
    await enableSecondFactor(trx, adminId, secret, step, recoveryCodes);
    return afterChange(app, trx, adminId, sessionId, 'on');
  });
  app.mailWorker.wake();
  return { recoveryCodes, since };
}

/**
 * Turns the factor off: 409 when every admin must have one, or when it is off already. Answers the
 * instant this session counts from.
 */
export async function disable(
  app: FastifyInstance,
  account: { adminId: string; sessionId: string },
): Promise<number> {
  const { adminId, sessionId } = account;
  if (app.config.adminRequireSecondFactor) {
    throw new HttpError(409, 'SECOND_FACTOR_MANDATORY', secondFactorMessages.mandatory);
  }
  if (!(await secondFactorOf(app.db, adminId))?.enabledAt) {
    throw new HttpError(409, 'SECOND_FACTOR_OFF', secondFactorMessages.alreadyOff);
  }
  const since = await app.db.transaction().execute(async (trx) => {
    await disableSecondFactor(trx, adminId);
    return afterChange(app, trx, adminId, sessionId, 'off');
  });
  app.mailWorker.wake();
  return since;
}
