import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'site-db-backup-'));
const database = join(dir, 'data', 'site.db');
const uploads = join(dir, 'uploads');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `npm run db:backup -- ARGS` on the test's database and uploads; never throws. */
function backup(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      ['scripts/db-backup.ts', ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', DATABASE_URL: database, UPLOAD_DIR: uploads, ...env },
      },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          output: stdout + stderr,
        }),
    );
  });
}

const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);

describe('npm run db:backup [FILE]', () => {
  beforeAll(() => {
    mkdirSync(join(dir, 'data'));
    execFileSync(process.execPath, ['scripts/db-migrate.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: database },
    });
    mkdirSync(join(uploads, 'anidada'), { recursive: true });
    writeFileSync(join(uploads, 'a1b2-960.webp'), 'imagen');
    writeFileSync(join(uploads, 'anidada', 'c3d4-480.webp'), 'otra');
    writeFileSync(join(uploads, 'e5f6-960.webp.0a1b.part'), 'a medio escribir');
  });

  it('writes the database and, beside it, a tar of the uploaded images, both readable by their owner only', async () => {
    const file = join(dir, 'respaldos', 'sitio-2026-11-25.db');
    const run = await backup([file]);
    expect(run.code, run.output).toBe(0);
    const archive = join(dir, 'respaldos', 'sitio-2026-11-25.uploads.tar');
    expect(run.output).toContain(`Copia guardada en ${file} (0 solicitudes`);
    expect(run.output).toContain(`Imágenes guardadas en ${archive} (2 archivos de ${uploads}`);
    expect(mode(file)).toBe('600');
    expect(mode(archive)).toBe('600');
    expect(mode(join(dir, 'respaldos'))).toBe('700');
    const listed = execFileSync('tar', ['--list', `--file=${archive}`], { encoding: 'utf8' });
    expect(
      listed
        .split('\n')
        .filter((name) => name.endsWith('.webp'))
        .sort(),
    ).toEqual(['./a1b2-960.webp', './anidada/c3d4-480.webp']);
  });

  it('never overwrites a backup, neither its database nor its images', async () => {
    const file = join(dir, 'otra.db');
    writeFileSync(join(dir, 'otra.uploads.tar'), 'una copia anterior');
    const run = await backup([file]);
    expect(run.code).toBe(1);
    expect(run.output).toContain('otra.uploads.tar ya existe');
    expect(() => statSync(file)).toThrow();
  });

  it('copies the database alone, and says so, when there is no uploads folder yet', async () => {
    const file = join(dir, 'sin-imagenes.db');
    const run = await backup([file], { UPLOAD_DIR: join(dir, 'no-existe') });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('No hay carpeta de imágenes subidas');
    expect(() => statSync(join(dir, 'sin-imagenes.uploads.tar'))).toThrow();
  });
});
