import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Database } from '../db/schema.ts';
import { findAdminByEmail, setAdminPassword } from './admins.repository.ts';
import { disableSecondFactor } from './second-factor.repository.ts';
import { endOtherSessionsForGood } from './session-trust.ts';

/**
 * `npm run admin:reset` (scripts/admin-reset.ts), for someone with a shell on the server: the account
 * of `email` gets a new random password, loses its second factor and every session for good, and the
 * activity log says so, in one transaction. Answers the password (shown once) and how many sessions
 * were open, or undefined when no account has that address.
 */
export async function resetAdminFromServer(db: Kysely<Database>, email: string) {
  const admin = await findAdminByEmail(db, email);
  if (!admin) return undefined;
  // 18 random bytes: 24 characters of base64url, well past the 12 a password needs.
  const password = randomBytes(18).toString('base64url');
  const ended = await db.transaction().execute(async (trx) => {
    await setAdminPassword(trx, admin.id, password);
    await disableSecondFactor(trx, admin.id);
    // For good: a session written back by a request still running is refused all the same.
    const { ended: count } = await endOtherSessionsForGood(trx, admin.id, '');
    await recordAudit(trx, {
      adminId: null,
      adminEmail: null,
      action: 'admins.reset',
      method: 'SYSTEM',
      path: 'npm run admin:reset',
      targetId: admin.id,
      detail: `Contraseña nueva y verificación en dos pasos quitada para ${admin.email}, desde el servidor`,
    });
    return count;
  });
  return { email: admin.email, password, ended };
}
