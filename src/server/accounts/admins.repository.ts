import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database.ts';
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
    .select(['id', 'email', 'totp_enabled_at', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The account's e-mail and password hash; the account must exist (requireAdmin has just checked it). */
export async function credentialsOf(db: Kysely<Database>, id: string) {
  const admin = await db
    .selectFrom('admins')
    .select(['email', 'password_hash'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { email: admin.email, passwordHash: admin.password_hash };
}

export async function listAdmins(db: Kysely<Database>) {
  const rows = await db.selectFrom('admins').select(['id', 'email', 'created_at']).orderBy('email').execute();
  return rows.map((row) => ({ id: row.id, email: row.email, createdAt: row.created_at }));
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

/**
 * Creates the admin named by the configuration in a site that has no admin yet; never changes a
 * password, and never brings back an account that was removed (after a compromise, say) while others
 * remain.
 */
export async function ensureAdmin(db: Kysely<Database>, email: string, password: string): Promise<boolean> {
  const any = await db.selectFrom('admins').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  try {
    await createAdmin(db, email, password);
    return true;
  } catch (error) {
    // Another instance created it at the same moment.
    if (await findAdminByEmail(db, email)) return false;
    throw error;
  }
}

export async function setAdminPassword(db: Kysely<Database>, id: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.updateTable('admins').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

export type RemoveAdminResult = 'missing' | 'last' | 'removed';

/** Removes an account unless it is the only one left. */
export async function removeAdminUnlessLast(
  db: Kysely<Database>,
  dialect: Dialect,
  id: string,
): Promise<RemoveAdminResult> {
  // The check and the delete share a transaction so two removals at once cannot leave nobody.
  return db.transaction().execute(async (trx) => {
    const query = trx.selectFrom('admins').select('id');
    // SQLite runs one write transaction at a time; PostgreSQL needs the rows locked.
    const admins = await (dialect === 'postgres' ? query.forUpdate() : query).execute();
    if (!admins.some((admin) => admin.id === id)) return 'missing';
    if (admins.length <= 1) return 'last';
    await trx.deleteFrom('admins').where('id', '=', id).execute();
    return 'removed';
  });
}
