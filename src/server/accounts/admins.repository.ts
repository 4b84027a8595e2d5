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

export async function deleteAdmin(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('admins').where('id', '=', id).execute();
}
