// `npm run db:backup [FILE]`: a consistent copy of the SQLite database, taken while the server runs.
// SQLite's online backup copies the pages of one committed state, whatever is being written meanwhile.
// PostgreSQL is backed up with pg_dump (docs/operations.md).
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../src/server/config.ts';
import { sqliteFileOf } from '../src/server/db/database.ts';

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const config = loadConfig();
const source = sqliteFileOf(config.databaseUrl);
if (!source) {
  fail(
    'DATABASE_URL apunta a PostgreSQL: respalda con pg_dump (ver docs/operations.md). ' +
      'db:backup solo copia bases SQLite.',
  );
}
if (!existsSync(source)) fail(`No existe la base de datos ${source}.`);

// By default next to the database (data/backups/ for the default file, which git ignores).
const target = resolve(process.argv[2] ?? join(dirname(source), 'backups', `site-${stamp()}.db`));
if (existsSync(target)) fail(`${target} ya existe; elige otro nombre para no sobrescribir una copia.`);
mkdirSync(dirname(target), { recursive: true });

// The copy is written aside and renamed at the end, so a half-written file never looks like a backup.
const partial = `${target}.partial`;
const database = new SQLite(source, { fileMustExist: true });
try {
  database.pragma('busy_timeout = 5000');
  await database.backup(partial);
} catch (error) {
  rmSync(partial, { force: true });
  fail(`No se pudo copiar ${source}: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  database.close();
}

const copy = new SQLite(partial, { fileMustExist: true });
let requests = 0;
try {
  const check = copy.pragma('integrity_check', { simple: true });
  if (check !== 'ok') throw new Error(`integrity_check: ${String(check)}`);
  // The copy is a single self-contained file: no -wal beside it is needed to read it.
  copy.pragma('journal_mode = DELETE');
  requests = (copy.prepare('select count(*) as n from requests').get() as { n: number }).n;
} catch (error) {
  copy.close();
  rmSync(partial, { force: true });
  fail(`La copia no pasó la revisión: ${error instanceof Error ? error.message : String(error)}`);
}
copy.close();
renameSync(partial, target);
console.log(`Copia guardada en ${target} (${requests} solicitudes, ${statSync(target).size} bytes).`);
