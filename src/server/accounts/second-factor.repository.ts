import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hashRecoveryCode } from './second-factor.ts';

export interface SecondFactorState {
  secret: string | null;
  enabledAt: string | null;
  lastStep: number | null;
  recoveryCodesLeft: number;
}

export async function secondFactorOf(
  db: Kysely<Database>,
  adminId: string,
): Promise<SecondFactorState | undefined> {
  const admin = await db
    .selectFrom('admins')
    .select(['totp_secret', 'totp_enabled_at', 'totp_last_step'])
    .where('id', '=', adminId)
    .executeTakeFirst();
  if (!admin) return undefined;
  const left = await db
    .selectFrom('admin_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('admin_id', '=', adminId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    secret: admin.totp_secret,
    enabledAt: admin.totp_enabled_at,
    lastStep: admin.totp_last_step === null ? null : Number(admin.totp_last_step),
    recoveryCodesLeft: Number(left.n),
  };
}

/**
 * Turns the second factor on with its secret and a fresh set of recovery codes (old ones are dropped).
 * Pass a transaction: the three statements belong together.
 */
export async function enableSecondFactor(
  db: Kysely<Database>,
  adminId: string,
  secret: string,
  acceptedStep: number,
  recoveryCodes: string[],
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .updateTable('admins')
    .set({ totp_secret: secret, totp_enabled_at: now, totp_last_step: acceptedStep })
    .where('id', '=', adminId)
    .execute();
  await db.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
  await db
    .insertInto('admin_recovery_codes')
    .values(
      recoveryCodes.map((code) => ({
        id: randomUUID(),
        admin_id: adminId,
        code_hash: hashRecoveryCode(code),
        used_at: null,
        created_at: now,
      })),
    )
    .execute();
}

/** Turns the second factor off and drops its recovery codes. Pass a transaction: both belong together. */
export async function disableSecondFactor(db: Kysely<Database>, adminId: string): Promise<void> {
  await db
    .updateTable('admins')
    .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
    .where('id', '=', adminId)
    .execute();
  await db.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
}

/**
 * Records that a TOTP code of time step `step` was used, unless that step (or a later one) already
 * was: one conditional update, so two logins racing with the same code cannot both win.
 */
export async function claimTotpStep(db: Kysely<Database>, adminId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('admins')
    .set({ totp_last_step: step })
    .where('id', '=', adminId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Spends a recovery code: true once per code, false for a wrong or used one. */
export async function useRecoveryCode(db: Kysely<Database>, adminId: string, code: string): Promise<boolean> {
  const result = await db
    .updateTable('admin_recovery_codes')
    .set({ used_at: new Date().toISOString() })
    .where('admin_id', '=', adminId)
    .where('code_hash', '=', hashRecoveryCode(code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) >= 1;
}
