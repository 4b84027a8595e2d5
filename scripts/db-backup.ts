// `npm run db:backup [FILE]`: a consistent copy of the SQLite database, taken while the server runs, and
// beside it a tar of the uploaded images (FILE without its .db, plus .uploads.tar): together, what the
// association cannot rebuild. SQLite's online backup copies the pages of one committed state, whatever
// is being written meanwhile. PostgreSQL is backed up with pg_dump (docs/operations.md).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../src/server/config.ts';
import { sqliteFileOf } from '../src/server/db/database.ts';

// Backups hold people's names, addresses and phone numbers, and the admins' password hashes: whoever
// runs this (the timer, cron, a person), the files are readable by their owner only.
process.umask(0o077);

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
const uploadsArchive = `${target.replace(/\.db$/, '')}.uploads.tar`;
for (const file of [target, uploadsArchive]) {
  if (existsSync(file)) fail(`${file} ya existe; elige otro nombre para no sobrescribir una copia.`);
}
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

// The images after the database: an image uploaded in between is in the tar and unused by the copy,
// which is harmless, while the other order could leave the copy naming an image the tar lacks.
const uploads = resolve(config.uploadDir ?? 'data/uploads');
if (!existsSync(uploads)) {
  console.log(`No hay carpeta de imágenes subidas (${uploads}): solo se copió la base de datos.`);
} else {
  const images = readdirSync(uploads, { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile() && !entry.name.endsWith('.part'),
  ).length;
  const partialArchive = `${uploadsArchive}.partial`;
  try {
    // Images are already compressed: a plain tar. Files still being written (*.part) are left out.
    execFileSync(
      'tar',
      ['--create', `--file=${partialArchive}`, `--directory=${uploads}`, '--exclude=*.part', '.'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
  } catch (error) {
    rmSync(partialArchive, { force: true });
    const said = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
    fail(`La base de datos quedó copiada en ${target}, pero las imágenes de ${uploads} no: ${said}`);
  }
  renameSync(partialArchive, uploadsArchive);
  console.log(
    `Imágenes guardadas en ${uploadsArchive} (${images} archivos de ${uploads}, ${statSync(uploadsArchive).size} bytes).`,
  );
}
