// `npm run bench:memory [-- --soak-minutes N]`: the memory one production instance holds, run as the
// systemd unit runs it (the same V8 flags, read from deploy/systemd/sitio.service): at rest, after a
// load of pages, lists and contact posts, and after a soak that adds `Connection: close` traffic (a new
// connection for every request). Loopback only; prints a Markdown table for docs/benchmarks.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { HOST, SITE_ENV, freePort, waitFor } from './bench/servers.ts';

const soakArg = process.argv.indexOf('--soak-minutes');
const soakMinutes = soakArg > 0 ? Number(process.argv[soakArg + 1]) : 10;
const LOAD_SECONDS = 20;
const CONNECTIONS = 50;

/** The node flags of the unit's ExecStart, so this measures what a server runs. */
const unit = readFileSync('deploy/systemd/sitio.service', 'utf8');
const nodeFlags = (/^ExecStart=\/usr\/bin\/node (.*) src\/server\/main\.ts$/m.exec(unit)?.[1] ?? '')
  .split(/\s+/)
  .filter(Boolean);

/** The unit's own environment settings that shape memory (not its port and address). */
const unitEnv = Object.fromEntries(
  [...unit.matchAll(/^Environment=(\w+)=(.*)$/gm)]
    .map((match) => [match[1]!, match[2]!] as const)
    .filter(([name]) => name !== 'PORT' && name !== 'HOST'),
);

const dir = mkdtempSync(join(tmpdir(), 'site-memory-'));
const port = await freePort();
const base = `http://${HOST}:${port}`;
const child = spawn(process.execPath, [...nodeFlags, 'src/server/main.ts'], {
  env: {
    PATH: process.env.PATH ?? '',
    ...SITE_ENV,
    HOST,
    PORT: String(port),
    DATABASE_URL: join(dir, 'site.db'),
    UPLOAD_DIR: join(dir, 'uploads'),
    LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
});
const rssMiB = () => {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  const contact = {
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', cookie: cookies, 'x-xsrf-token': token },
    body: JSON.stringify({
      data: {
        fullName: 'Ana López',
        company: 'Solar',
        position: 'Directora',
        email: 'ana@example.com',
        phoneNumber: '5512345678',
      },
    }),
  };
  const gzip = { 'accept-encoding': 'gzip, br' };
  const round = async (headers: Record<string, string> = {}) => {
    for (const load of [
      { url: `${base}/Inicio`, headers: { ...gzip, ...headers } },
      { url: `${base}/Socias`, headers: { ...gzip, ...headers } },
      { url: `${base}/api/events/get-all`, headers: { ...gzip, ...headers } },
      { url: `${base}/api/news/get-all`, headers: { ...gzip, ...headers } },
      { url: `${base}/api/mail/contact`, ...contact, headers: { ...contact.headers, ...headers } },
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
  const rested = rssMiB();

  console.log(
    `Node ${process.version}, flags: ${nodeFlags.join(' ') || '(none)'}; ${CONNECTIONS} connections, ${soakMinutes} min soak\n`,
  );
  console.log('| Moment | RSS |');
  console.log('| --- | --- |');
  console.log(`| At rest, 5 s after start | ${idle} MiB |`);
  console.log(`| After ${LOAD_SECONDS} s of pages, lists and contact posts | ${afterLoad} MiB |`);
  console.log(
    `| During the soak (every round, keep-alive then Connection: close) | ${samples.join(', ')} MiB |`,
  );
  console.log(`| After the soak | ${afterSoak} MiB |`);
  console.log(`| 10 s later | ${rested} MiB |`);
} finally {
  child.kill('SIGTERM');
  await sleep(500);
  rmSync(dir, { recursive: true, force: true });
}
