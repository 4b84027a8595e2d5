// `npm run db:migrate`: brings the configured database (DATABASE_URL) up to date.
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';

const config = loadConfig();
const handle = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(handle.db);
  console.log(`Base de datos al día (${handle.dialect}).`);
} finally {
  await handle.close();
}
