import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ROOT, freePort, sleep } from '../faults/harness/server-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'site-first-run-'));
const clone = join(dir, 'sitio');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The environment of a newcomer's shell: none of the test runner's settings or npm's own. */
function newcomerEnv(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (
      /^(npm_|VITEST|TEST_|NODE_ENV$|DATABASE_URL$|REDIS_URL$|SMTP_URL$)/.test(key) &&
      key !== 'npm_config_nodedir'
    )
      continue;
    env[key] = value;
  }
  return { ...env, PORT: String(port), HOST: '127.0.0.1' };
}

/** `npm start` in the clone until /Inicio answers; returns its output and how long that took. */
async function npmStart(port: number): Promise<{ output: string; ms: number; page: string }> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: clone,
    env: newcomerEnv(port),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  let exited = false;
  const ended = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  try {
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (exited) throw new Error(`npm start ended:\n${output.slice(-3_000)}`);
      if (Date.now() > deadline) throw new Error(`npm start never answered:\n${output.slice(-3_000)}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/Inicio`, {
          signal: AbortSignal.timeout(2_000),
        });
        if (response.status === 200)
          return { output, ms: performance.now() - started, page: await response.text() };
      } catch {
        // Still building, or not listening yet.
      }
      await sleep(250);
    }
  } finally {
    if (!exited && child.pid) process.kill(-child.pid, 'SIGTERM');
    await ended;
  }
}

it('a fresh clone serves server-rendered pages from the first npm start, and the second start builds nothing', async () => {
  execFileSync('git', ['clone', '--quiet', ROOT, clone]);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd: clone,
    env: newcomerEnv(0),
    stdio: 'pipe',
    timeout: 300_000,
  });

  const first = await npmStart(await freePort());
  expect(first.output).toContain('Building the web app for the first time');
  expect(first.output).not.toMatch(/server bundle missing|rendered in the browser/);
  // The page's content is in the HTML itself, with the demo data, before any script runs.
  expect(first.page).toMatch(/<div id="root"><[a-z]/);
  expect(first.page).toContain('id="Eventos"');
  expect(first.page).toContain('<script type="application/json" id="initial-data">');

  const second = await npmStart(await freePort());
  expect(second.output).not.toMatch(/Building the web app|rebuilding/);
  expect(second.page).toMatch(/<div id="root"><[a-z]/);
  console.log(
    `first start ${(first.ms / 1000).toFixed(1)} s (with the build), second ${(second.ms / 1000).toFixed(1)} s`,
  );
  expect(second.ms).toBeLessThan(15_000);
}, 600_000);
