// `npm run admin:reset -- EMAIL`: for the machine's owner when an admin is locked out (a forgotten
// password, a lost phone). Sets a new random password, shown once here, removes the account's second
// factor (she sets it up again at her next login when it is required), ends her sessions for good, and
// writes it to the activity log (accounts/admin-reset.service.ts). Needs the server's own settings and
// database, so only someone with a shell on the server can run it.
import { normaliseEmail } from '../src/server/accounts/admins.repository.ts';
import { resetAdminFromServer } from '../src/server/accounts/admin-reset.service.ts';
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
  const reset = await resetAdminFromServer(handle.db, email);
  if (!reset) {
    console.error(`No hay ninguna administradora con el correo ${normaliseEmail(email)}.`);
    process.exitCode = 1;
  } else {
    console.log(`Contraseña nueva de ${reset.email} (se muestra solo esta vez):\n\n  ${reset.password}\n`);
    console.log(
      `Se quitó su verificación en dos pasos y se cerraron ${reset.ended} sesiones. Que inicie sesión, cambie la contraseña en «Mi cuenta» y vuelva a activar la verificación.`,
    );
  }
} finally {
  await handle.close();
}
