// `npm run db:reset`: empties the content and the request inbox, then seeds the demo content again.
// Admin accounts are kept. It refuses to run in production.
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { clearContent, seedDemoContentIfEmpty } from '../src/server/content/seed.ts';

const config = loadConfig();
if (config.env === 'production') {
  console.error('db:reset borra contenido y solicitudes: no se ejecuta con NODE_ENV=production.');
  process.exit(1);
}
const handle = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(handle.db);
  await clearContent(handle.db);
  await seedDemoContentIfEmpty(handle.db);
  console.log(`Contenido de demostración restablecido (${handle.dialect}).`);
} finally {
  await handle.close();
}
