// `npm run db:restore FILE`: puts a backup made by db:backup in place of the SQLite database named by
// DATABASE_URL. It refuses while a server uses that file; the replaced database is kept beside it.
// PostgreSQL is restored with pg_restore (docs/operations.md).
import { existsSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../src/server/config.ts';
import { runningServerPid, sqliteFileOf } from '../src/server/db/database.ts';

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const backupArgument = process.argv[2];
if (!backupArgument) fail('Uso: npm run db:restore ARCHIVO (una copia hecha con npm run db:backup).');
const backup = resolve(backupArgument);
if (!existsSync(backup)) fail(`No existe la copia ${backup}.`);

const config = loadConfig();
const targetFile = sqliteFileOf(config.databaseUrl);
if (!targetFile) {
  fail(
    'DATABASE_URL apunta a PostgreSQL: restaura con pg_restore (ver docs/operations.md). ' +
      'db:restore solo trabaja con bases SQLite.',
  );
}
const target = resolve(targetFile);
if (target === backup) fail('La copia y la base de datos son el mismo archivo.');

function refuseIfInUse(): void {
  const pid = runningServerPid(target);
  if (pid !== undefined) {
    fail(`Un servidor (proceso ${pid}) está usando ${target}. Detenlo y vuelve a ejecutar db:restore.`);
  }
}
refuseIfInUse();

// The backup must be one of ours and whole before anything is touched.
const source = new SQLite(backup, { readonly: true, fileMustExist: true });
try {
  const check = source.pragma('integrity_check', { simple: true });
  if (check !== 'ok') throw new Error(`integrity_check: ${String(check)}`);
  for (const table of ['requests', 'outbox', 'admins']) {
    const found = source.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(table);
    if (!found) throw new Error(`falta la tabla ${table}`);
  }
} catch (error) {
  source.close();
  fail(`${backup} no es una copia válida: ${error instanceof Error ? error.message : String(error)}`);
}

let kept: string | undefined;
if (existsSync(target)) {
  // Another process writing without a pid file (a script, a second server) still holds SQLite's lock.
  const current = new SQLite(target, { fileMustExist: true });
  try {
    current.pragma('busy_timeout = 0');
    current.exec('BEGIN EXCLUSIVE');
    current.exec('COMMIT');
    current.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    current.close();
    source.close();
    fail(`Otro proceso está escribiendo en ${target}. Detenlo y vuelve a ejecutar db:restore.`);
  }
  current.close();
  refuseIfInUse();
  kept = `${target}.before-restore-${stamp()}`;
  renameSync(target, kept);
}
for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });

const partial = `${target}.partial`;
try {
  await source.backup(partial);
} catch (error) {
  rmSync(partial, { force: true });
  if (kept) renameSync(kept, target);
  fail(`No se pudo restaurar: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  source.close();
}
renameSync(partial, target);
console.log(
  `Base de datos restaurada en ${target} desde ${backup}.` +
    (kept ? ` La anterior quedó guardada en ${kept}.` : ''),
);
