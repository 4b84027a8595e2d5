import type { Kysely } from 'kysely';
import { MINUTE_MS } from '../../shared/clock.ts';
import type { Database } from '../db/schema.ts';
import { hashToken, newToken } from '../lib/link-tokens.ts';

/** How long a reset link works. */
export const RESET_LINK_MS = 30 * MINUTE_MS;

/**
 * Makes a reset link's token for the account and stores its hash, valid for 30 minutes from `now`.
 * Earlier links of the account keep working until they expire or one of them is used.
 */
export async function issueResetToken(db: Kysely<Database>, adminId: string, now: Date): Promise<string> {
  const token = newToken();
  await db
    .insertInto('admin_password_resets')
    .values({
      token_hash: hashToken(token),
      admin_id: adminId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + RESET_LINK_MS).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Uses a token once: marks it used if it is known, unused and unexpired (a conditional update, so two
 * posts of the same link cannot both win), and deletes the account's other links. Answers the account,
 * or undefined when the link no longer works.
 */
export async function useResetToken(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<string | undefined> {
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('admin_password_resets')
    .select('admin_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const claimed = await db
    .updateTable('admin_password_resets')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return undefined;
  await db
    .deleteFrom('admin_password_resets')
    .where('admin_id', '=', row.admin_id)
    .where('token_hash', '!=', tokenHash)
    .execute();
  return row.admin_id;
}

/** Deletes the links past their 30 minutes, used or not; answers how many. */
export async function pruneResetTokens(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('admin_password_resets')
    .where('expires_at', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
