// The memory one production instance holds, run as the systemd unit runs it (the same V8 flags and
// environment, read from deploy/systemd/sitio.service): at rest on its first start and on the next
// (with the compile cache the first one filled, decision 044), after a load of pages, lists and
// contact posts, and after a soak that adds `Connection: close` traffic (a new connection for every
// request). Loopback only.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { HOST, SITE_ENV, freePort, serviceUnit, waitFor } from './servers.ts';
import { goalMark } from './report-file.ts';

const LOAD_SECONDS = 20;
const CONNECTIONS = 50;
/** What fits a 1 GB server beside Caddy and the database (issue 39): at rest, and under page load. */
export const MEMORY_GOALS = { idleMiB: 150, loadedMiB: 250 };

export interface MemoryResult {
  settings: string;
  soakMinutes: number;
  /** At rest on the first start, with an empty compile cache. */
  firstIdle: number;
  idle: number;
  afterLoad: number;
  samples: number[];
  afterSoak: number;
  rested: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureMemory(soakMinutes: number): Promise<MemoryResult> {
  const { nodeFlags, env: unitEnv } = serviceUnit();
  const dir = mkdtempSync(join(tmpdir(), 'site-memory-'));
  // A compile cache of its own, empty: the first start fills it, as a server's first start after an
  // update does (decision 044); every start after that is the one measured below.
  const env = {
    ...unitEnv,
    ...(unitEnv.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: join(dir, 'compile') } : {}),
  };
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const start = () =>
    spawn(process.execPath, [...nodeFlags, 'src/server/main.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        ...SITE_ENV,
        ...env,
        HOST,
        PORT: String(port),
        DATABASE_URL: join(dir, 'site.db'),
        UPLOAD_DIR: join(dir, 'uploads'),
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
  const rssOf = (pid: number | undefined) => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  };

  const first = start();
  let firstIdle: number;
  try {
    await waitFor(`${base}/api/health`);
    await sleep(5_000);
    firstIdle = rssOf(first.pid);
  } finally {
    first.kill('SIGTERM');
    await new Promise((resolve) => first.once('exit', resolve));
  }

  const child = start();
  const rssMiB = () => rssOf(child.pid);
  try {
    await waitFor(`${base}/api/health`);
    await sleep(5_000);
    const idle = rssMiB();

    // A contact post as the web client sends it: with the CSRF token from the readable cookie.
    const csrf = await fetch(`${base}/api/csrf`);
    const cookies = csrf.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
    const token = ((await csrf.json()) as { data: { token: string } }).data.token;
    const contactHeaders = { 'content-type': 'application/json', cookie: cookies, 'x-xsrf-token': token };
    const contactBody = JSON.stringify({
      data: {
        fullName: 'Ana López',
        company: 'Solar',
        position: 'Directora',
        email: 'ana@example.com',
        phoneNumber: '5512345678',
      },
    });
    const gzip = { 'accept-encoding': 'gzip, br' };
    const round = async (headers: Record<string, string> = {}) => {
      for (const load of [
        { url: `${base}/Inicio`, headers: { ...gzip, ...headers } },
        { url: `${base}/Socias`, headers: { ...gzip, ...headers } },
        { url: `${base}/api/events/get-all`, headers: { ...gzip, ...headers } },
        { url: `${base}/api/news/get-all`, headers: { ...gzip, ...headers } },
        {
          url: `${base}/api/mail/contact`,
          method: 'POST' as const,
          body: contactBody,
          headers: { ...contactHeaders, ...headers },
        },
      ]) {
        await autocannon({ ...load, connections: CONNECTIONS, duration: LOAD_SECONDS / 5 });
      }
    };

    await round();
    const afterLoad = rssMiB();
    const samples: number[] = [];
    const soakEnd = Date.now() + soakMinutes * 60_000;
    while (Date.now() < soakEnd) {
      await round();
      await round({ connection: 'close' });
      samples.push(rssMiB());
    }
    const afterSoak = rssMiB();
    await sleep(10_000);
    const settings = [
      ...nodeFlags,
      ...Object.entries(unitEnv).map(([name, value]) =>
        name === 'NODE_COMPILE_CACHE' ? `${name}=(a new folder)` : `${name}=${value}`,
      ),
    ].join(' ');
    return { settings, soakMinutes, firstIdle, idle, afterLoad, samples, afterSoak, rested: rssMiB() };
  } finally {
    child.kill('SIGTERM');
    await sleep(500);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The result as a Markdown table, with the goals. */
export function memoryTable(result: MemoryResult): string {
  const { idleMiB, loadedMiB } = MEMORY_GOALS;
  return [
    `Node ${process.version}, as the unit runs it: \`${result.settings || '(no flags)'}\`; ${CONNECTIONS} connections.`,
    '',
    '| Moment | RSS | Goal | Met |',
    '| --- | --- | --- | --- |',
    `| At rest, 5 s after the first start (compile cache empty) | ${result.firstIdle} MiB | | |`,
    `| At rest, 5 s after a start | ${result.idle} MiB | ≤ ${idleMiB} MiB | ${goalMark(result.idle <= idleMiB)} |`,
    `| After ${LOAD_SECONDS} s of pages, lists and contact posts | ${result.afterLoad} MiB | ≤ ${loadedMiB} MiB | ${goalMark(result.afterLoad <= loadedMiB)} |`,
    `| During a ${result.soakMinutes}-minute soak, after each round (keep-alive, then Connection: close) | ${result.samples.join(', ')} MiB | | |`,
    `| After the soak | ${result.afterSoak} MiB | ≤ ${loadedMiB} MiB | ${goalMark(result.afterSoak <= loadedMiB)} |`,
    `| 10 s later | ${result.rested} MiB | | |`,
  ].join('\n');
}
