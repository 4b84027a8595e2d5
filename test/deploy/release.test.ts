import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ROOT, freePort, sleep } from '../faults/harness/server-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'site-release-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Packages only the browser needs: none of them may be in what a server installs. */
const BROWSER_PACKAGES = [
  'react',
  'react-dom',
  '@mui/material',
  'react-admin',
  'react-router',
  'lucide-react',
  '@tiptap/core',
  'vite',
];
const RELEASE_BUDGET_BYTES = 150 * 1024 * 1024;

const sizeOf = (path: string): number => {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, entry) => sum + sizeOf(join(path, entry)), 0);
};

it('a release holds no browser package, stays under 150 MB and serves rendered pages in production', async () => {
  execFileSync('npm', ['run', '-s', 'release', '--', '--out', dir], { cwd: ROOT, stdio: 'pipe' });
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string })
    .version;
  const release = join(dir, `energia-que-empodera-${version}`);
  expect(existsSync(`${release}.tar.gz`)).toBe(true);
  for (const name of BROWSER_PACKAGES)
    expect(existsSync(join(release, 'node_modules', name)), name).toBe(false);
  expect(existsSync(join(release, 'src/web'))).toBe(false);
  expect(
    readdirSync(join(release, 'src/server'), { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.test.ts'),
    ),
  ).toEqual([]);
  expect(sizeOf(release)).toBeLessThan(RELEASE_BUDGET_BYTES);

  const port = await freePort();
  const data = join(dir, 'data');
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: release,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: join(data, 'site.db'),
      UPLOAD_DIR: join(data, 'uploads'),
      SESSION_SECRET: 'a-release-test-secret-that-is-long-enough',
      SITE_URL: 'https://sitio.example.org',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const ended = new Promise((resolve) => child.once('exit', resolve));
  try {
    let page = '';
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(200)) {
      const response = await fetch(`http://127.0.0.1:${port}/Inicio`).catch(() => undefined);
      if (response?.status === 200) {
        page = await response.text();
        break;
      }
    }
    expect(page, output).toContain('Mujeres que encienden la transición energética');
    const admin = await fetch(`http://127.0.0.1:${port}/admin`);
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain('<div id="admin-root"');
    const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as { version: string };
    expect(health.version).toMatch(new RegExp(`^${version.replace(/\./g, '\\.')}\\+[0-9a-f]{12}$`));
  } finally {
    child.kill('SIGTERM');
    await ended;
  }
});
