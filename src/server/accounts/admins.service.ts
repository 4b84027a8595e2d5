import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../plugins/errors.ts';
import {
  adminsForUpdate,
  anyAdmin,
  createAdmin,
  credentialsOf,
  deleteAdmin,
  findAdminByEmail,
  listAdmins,
  setPasswordHash,
} from './admins.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { endOtherSessionsForGood } from './session-trust.ts';

/**
 * Creates the admin named by the configuration in a site that has no admin yet; never changes a
 * password, and never brings back an account that was removed (after a compromise, say) while others
 * remain.
 */
export async function ensureAdmin(db: Kysely<Database>, email: string, password: string): Promise<boolean> {
  if (await anyAdmin(db)) return false;
  try {
    await createAdmin(db, email, password);
    return true;
  } catch (error) {
    // Another instance created it at the same moment.
    if (await findAdminByEmail(db, email)) return false;
    throw error;
  }
}

/** Every account, by address. */
export const listAccounts = (app: FastifyInstance) => listAdmins(app.db);

/** A new account; 409 when the address has one already. */
export async function addAdmin(app: FastifyInstance, email: string, password: string) {
  const taken = () =>
    new HttpError(409, 'EMAIL_TAKEN', 'Ya existe una cuenta de administración con ese correo.', {
      email: 'Ya existe una cuenta con este correo',
    });
  if (await findAdminByEmail(app.db, email)) throw taken();
  try {
    const admin = await createAdmin(app.db, email, password);
    return { ...admin, createdAt: new Date().toISOString() };
  } catch (error) {
    // The same address, added at the same moment by someone else: the unique index refused this one.
    if (await findAdminByEmail(app.db, email)) throw taken();
    throw error;
  }
}

/**
 * Removes an account unless it is the only one left (409): the count and the delete share a transaction,
 * so two removals at once cannot leave nobody. Answers the account removed, or undefined for an unknown
 * one. Its sessions stop working at once (requireAdmin checks the account exists).
 */
export async function removeAdmin(db: Kysely<Database>, dialect: Dialect, id: string) {
  const outcome = await db.transaction().execute(async (trx) => {
    const admins = await adminsForUpdate(trx, dialect);
    const target = admins.find((admin) => admin.id === id);
    if (!target || admins.length <= 1) return { target, removed: false };
    await deleteAdmin(trx, id);
    return { target, removed: true };
  });
  if (outcome.target && !outcome.removed) {
    throw new HttpError(409, 'LAST_ADMIN', 'No se puede eliminar a la única administradora.');
  }
  return outcome.target;
}

/**
 * An admin's own password, changed once she gave the current one (400 otherwise): every session of
 * hers but `sessionId` ends with the change, for good. Answers the instant the kept session counts from.
 */
export async function changeOwnPassword(
  app: FastifyInstance,
  account: { adminId: string; sessionId: string },
  passwords: { currentPassword: string; newPassword: string },
): Promise<number> {
  const { passwordHash } = await credentialsOf(app.db, account.adminId);
  if (!(await verifyPassword(passwords.currentPassword, passwordHash))) {
    throw new HttpError(400, 'VALIDATION_ERROR', 'Revisa los campos marcados.', {
      currentPassword: 'La contraseña actual no es correcta',
    });
  }
  const newHash = await hashPassword(passwords.newPassword);
  return app.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, account.adminId, newHash);
    return (await endOtherSessionsForGood(trx, account.adminId, account.sessionId)).validAfter;
  });
}

/**
 * "Cerrar las demás sesiones": every session of the account but `sessionId` ends, for good. Answers
 * how many were open and the instant the kept session counts from.
 */
export const closeOtherSessions = (app: FastifyInstance, account: { adminId: string; sessionId: string }) =>
  app.db.transaction().execute((trx) => endOtherSessionsForGood(trx, account.adminId, account.sessionId));
