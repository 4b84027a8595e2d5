import type { Kysely } from 'kysely';
import { MembershipSettingsSchema, type MembershipSettings } from '../../shared/member-schemas.ts';
import type { Database } from '../db/schema.ts';
import { getSetting, setSetting } from '../db/settings.repository.ts';

/** The bank details every payment's instructions name, kept in the settings table as JSON. */
export const BANK_KEY = 'membership_bank';

export async function bankSettings(db: Kysely<Database>): Promise<MembershipSettings | undefined> {
  const saved = await getSetting(db, BANK_KEY);
  if (!saved) return undefined;
  try {
    const parsed = MembershipSettingsSchema.safeParse(JSON.parse(saved));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export async function saveBankSettings(db: Kysely<Database>, settings: MembershipSettings): Promise<void> {
  await setSetting(db, BANK_KEY, JSON.stringify(settings));
}
