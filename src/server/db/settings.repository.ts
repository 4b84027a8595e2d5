import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export const RETENTION_KEY = 'requests_retention_days';

export async function getSetting(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function setSetting(db: Kysely<Database>, key: string, value: string): Promise<void> {
  const updatedAt = new Date().toISOString();
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: updatedAt })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: updatedAt }))
    .execute();
}

/**
 * The retention in days, or null when it is off. A value the admin saved wins over the
 * environment's default ("off" is saved as an empty value).
 */
export async function retentionDays(
  db: Kysely<Database>,
  fallback: number | undefined,
): Promise<number | null> {
  const saved = await getSetting(db, RETENTION_KEY);
  if (saved === undefined) return fallback ?? null;
  const days = Number(saved);
  return saved !== '' && Number.isInteger(days) && days > 0 ? days : null;
}
