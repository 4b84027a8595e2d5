import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startServer, type ServerProcess } from '../faults/harness/server-process.ts';

// Decision 044: the units give Node a compile cache, and the server writes it as soon as it listens, so
// that every later start takes its modules, TypeScript already stripped, from the cache and never loads
// the type stripper (about 10 MiB at rest, decision 044).

const units = Object.fromEntries(
  ['sitio.service', 'sitio@.service'].map((name) => [
    name,
    readFileSync(join(ROOT, 'deploy/systemd', name), 'utf8'),
  ]),
);

/** Preloaded into the server: says, as it ends, whether the process loaded Node's type stripper. */
const REPORT_TYPE_STRIPPER = `data:text/javascript,${encodeURIComponent(
  "import { isMainThread } from 'node:worker_threads';" +
    "if (isMainThread) process.on('exit', () => process.stderr.write('type stripper loaded: ' + " +
    "process.moduleLoadList.some((name) => name.includes('/amaro/')) + '\\n'));",
)}`;

describe("Node's compile cache, as the systemd units use it", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'site-compile-cache-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is set by each unit, in a cache directory systemd gives the site', () => {
    expect(units['sitio.service']).toMatch(/^Environment=NODE_COMPILE_CACHE=\/var\/cache\/sitio\/compile$/m);
    // Instances side by side each keep their own.
    expect(units['sitio@.service']).toMatch(
      /^Environment=NODE_COMPILE_CACHE=\/var\/cache\/sitio\/compile-%i$/m,
    );
    for (const unit of Object.values(units)) expect(unit).toMatch(/^CacheDirectory=sitio$/m);
  });

  it('is written once the server listens, and the next start does without the type stripper', async () => {
    const cache = join(dir, 'compile');
    const start = () =>
      startServer({
        env: {
          DATABASE_URL: join(dir, 'site.db'),
          UPLOAD_DIR: join(dir, 'uploads'),
          NODE_COMPILE_CACHE: cache,
        },
        nodeFlags: ['--import', REPORT_TYPE_STRIPPER],
      });
    const stopped = async (server: ServerProcess) => {
      server.signal('SIGTERM');
      expect(await server.exited).toBe(0);
      return server.output.find((line) => line.startsWith('type stripper loaded: '));
    };

    const first = await start();
    // Written while it runs: a process that is killed, or runs for months, leaves it for the next.
    const written = readdirSync(cache, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
    expect(written.length).toBeGreaterThan(100);
    expect(await stopped(first)).toBe('type stripper loaded: true');

    const second = await start();
    expect(await stopped(second)).toBe('type stripper loaded: false');
  });
});
