// `npm run admin:reset -- EMAIL`: for the machine's owner when an admin is locked out (a forgotten
// password, a lost phone). Sets a new random password, shown once here, removes the account's second
// factor (she sets it up again at her next login when it is required), ends her sessions, and writes
// it to the activity log. Needs the server's own settings and database, so only someone with a shell
// on the server can run it.
import { randomBytes } from 'node:crypto';
import {
  normaliseEmail,
  findAdminByEmail,
  setAdminPassword,
} from '../src/server/accounts/admins.repository.ts';
import { disableSecondFactor } from '../src/server/accounts/second-factor.repository.ts';
import { endOtherSessionsForGood } from '../src/server/accounts/session-trust.ts';
import { recordAudit } from '../src/server/audit/audit.repository.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';

const email = process.argv[2];
if (!email) {
  console.error('Uso: npm run admin:reset -- CORREO');
  process.exit(2);
}
const config = loadConfig();
const handle = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(handle.db);
  const admin = await findAdminByEmail(handle.db, email);
  if (!admin) {
    console.error(`No hay ninguna administradora con el correo ${normaliseEmail(email)}.`);
    process.exitCode = 1;
  } else {
    // 18 random bytes: 24 characters of base64url, well past the 12 a password needs.
    const password = randomBytes(18).toString('base64url');
    // One transaction: the password, the factor, the sessions and the log line change together.
    const ended = await handle.db.transaction().execute(async (trx) => {
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
    console.log(`Contraseña nueva de ${admin.email} (se muestra solo esta vez):\n\n  ${password}\n`);
    console.log(
      `Se quitó su verificación en dos pasos y se cerraron ${ended} sesiones. Que inicie sesión, cambie la contraseña en «Mi cuenta» y vuelva a activar la verificación.`,
    );
  }
} finally {
  await handle.close();
}
