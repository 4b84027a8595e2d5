import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hashPassword } from './password.ts';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function findAdminByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('admins').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

/** The account as a session sees it: who, and whether a second factor is on. */
export function findAdminById(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('admins')
    .select(['id', 'email', 'totp_enabled_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function createAdmin(db: Kysely<Database>, email: string, password: string) {
  const admin = {
    id: randomUUID(),
    email: normaliseEmail(email),
    password_hash: await hashPassword(password),
    created_at: new Date().toISOString(),
  };
  await db.insertInto('admins').values(admin).execute();
  return { id: admin.id, email: admin.email };
}

/** Creates the admin named by the configuration when it does not exist yet; never changes a password. */
export async function ensureAdmin(db: Kysely<Database>, email: string, password: string): Promise<boolean> {
  if (await findAdminByEmail(db, email)) return false;
  try {
    await createAdmin(db, email, password);
    return true;
  } catch (error) {
    // Another instance created it at the same moment.
    if (await findAdminByEmail(db, email)) return false;
    throw error;
  }
}
