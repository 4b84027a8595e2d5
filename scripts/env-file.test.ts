import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONFIG = join(ROOT, 'src/server/config.ts');
const FLAG = '--env-file-if-exists=.env';
const dir = mkdtempSync(join(tmpdir(), 'site-env-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * What the server's own loadConfig reads when node starts the way the npm scripts start it, in a
 * folder that may hold a .env. The environment is built from scratch so nothing of the test runner's leaks in.
 */
function configIn(folder: string, env: Record<string, string> = {}) {
  const program = `import { loadConfig } from ${JSON.stringify(CONFIG)};
const c = loadConfig();
console.log(JSON.stringify({ siteUrl: c.siteUrl, mailTo: c.mailTo, port: c.port, logRequests: c.logRequests }));`;
  const stdout = execFileSync(process.execPath, [FLAG, '--input-type=module', '-e', program], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(stdout) as { siteUrl: string; mailTo: string; port: number; logRequests: string };
}

describe('the .env file', () => {
  it('is read when present, and a variable set in the environment wins over it', () => {
    const folder = mkdtempSync(join(dir, 'with-'));
    writeFileSync(
      join(folder, '.env'),
      '# a comment\nSITE_URL=https://desde-el-archivo.example.org\nMAIL_TO="buzon@desde-el-archivo.example.org"\nPORT=4100\n',
    );
    expect(configIn(folder)).toMatchObject({
      siteUrl: 'https://desde-el-archivo.example.org',
      mailTo: 'buzon@desde-el-archivo.example.org',
      port: 4100,
    });
    expect(configIn(folder, { MAIL_TO: 'buzon@del-entorno.example.org' })).toMatchObject({
      siteUrl: 'https://desde-el-archivo.example.org',
      mailTo: 'buzon@del-entorno.example.org',
      port: 4100,
    });
  });

  it('may be missing: the defaults apply', () => {
    const folder = mkdtempSync(join(dir, 'without-'));
    expect(configIn(folder)).toEqual({
      siteUrl: 'http://localhost:3000',
      mailTo: 'contacto@example.org',
      port: 3000,
      logRequests: 'notable',
    });
  });

  it('copied from .env.example as it is, is a valid configuration', () => {
    const folder = mkdtempSync(join(dir, 'example-'));
    copyFileSync(join(ROOT, '.env.example'), join(folder, '.env'));
    expect(configIn(folder)).toMatchObject({ siteUrl: 'http://localhost:3000', port: 3000 });
  });

  it('is read by start, dev, the db:* scripts and mail:test, and never by the Node version preflight', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const readers = ['start', 'dev', 'mail:test', ...Object.keys(scripts).filter((s) => s.startsWith('db:'))];
    expect(readers.length).toBeGreaterThanOrEqual(7);
    for (const name of readers) expect(scripts[name], name).toMatch(/^node --env-file-if-exists=\.env /);
    // An old Node stops at an option it does not know: the preflight must run first, without it.
    for (const name of ['prestart', 'predev', 'pretest']) expect(scripts[name], name).not.toContain(FLAG);
  });

  it("has an example, .env.example, that names every variable of the README's configuration table", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'));
    const documented = [...table.matchAll(/^\| ((?:`[A-Z0-9_]+`(?:, )?)+) +\|/gm)].flatMap((row) =>
      [...row[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((name) => name[1]!),
    );
    expect(documented.length).toBeGreaterThan(20);
    const example = readFileSync(join(ROOT, '.env.example'), 'utf8');
    const missing = documented.filter((name) => !new RegExp(`^(# )?${name}=`, 'm').test(example));
    expect(missing, 'add them to .env.example, commented, with their default').toEqual([]);
  });
});
