import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { hashPassword } from './password.ts';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function findAdminByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('admins').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

/**
 * The account as a session sees it: who, whether a second factor is on, and since when its sessions
 * count (`sessions_valid_after`).
 */
export function findAdminById(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('admins')
    .select(['id', 'email', 'totp_enabled_at', 'created_at', 'sessions_valid_after'])
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

/** Whether the site has an admin at all. */
export async function anyAdmin(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('admins').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Stores an account with its password's hash. */
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

export async function setPasswordHash(db: Kysely<Database>, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('admins').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

export async function setAdminPassword(db: Kysely<Database>, id: string, password: string): Promise<void> {
  await setPasswordHash(db, id, await hashPassword(password));
}

/**
 * Every account's id and address, locked until the transaction ends on PostgreSQL (SQLite runs one
 * write transaction at a time anyway), so what is counted cannot change before the caller acts on it.
 */
export function adminsForUpdate(trx: Kysely<Database>, dialect: Dialect) {
  const query = trx.selectFrom('admins').select(['id', 'email']);
  return (dialect === 'postgres' ? query.forUpdate() : query).execute();
}

/**
 * Moves the account's "sessions valid after" instant forward to `at` (never back: an instance whose
 * clock runs behind cannot revive what another ended) and answers the instant now stored, in ms.
 */
export async function moveSessionsValidAfter(db: Kysely<Database>, id: string, at: Date): Promise<number> {
  const instant = at.toISOString();
  await db
    .updateTable('admins')
    .set({ sessions_valid_after: instant })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('sessions_valid_after', 'is', null), eb('sessions_valid_after', '<', instant)]))
    .execute();
  const row = await db
    .selectFrom('admins')
    .select('sessions_valid_after')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.sessions_valid_after ? Date.parse(row.sessions_valid_after) : at.getTime();
}

export async function deleteAdmin(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('admins').where('id', '=', id).execute();
}
