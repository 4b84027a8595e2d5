// `npm run bench:load [-- --duration 30 --soak 600 --connections 20]`: load on the real server, on
// loopback only. It starts `node src/server/main.ts` on a fresh SQLite database with the demo content,
// then runs, each for --duration seconds, a read mix (the home page and the three lists) and a write
// mix (contact requests, with the contact limit raised for the run), and finally a soak of the read
// mix for --soak seconds that samples the server's memory. It prints one table and exits 1 if any
// answer was a 5xx or a connection error.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    soak: { type: 'string', default: '600' },
    connections: { type: 'string', default: '20' },
    json: { type: 'string' },
    // Caps the server's V8 old space (MiB): a leak then ends in an out-of-memory crash within the soak
    // instead of a slow rise of RSS that garbage collection may or may not take back.
    'server-heap': { type: 'string' },
  },
});
const DURATION = Number(args.duration);
const SOAK = Number(args.soak);
const CONNECTIONS = Number(args.connections);
const HOST = '127.0.0.1';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resident memory of a process in MiB, from /proc (Linux). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kib / 1024) * 10) / 10;
}

const dir = mkdtempSync(join(tmpdir(), 'bench-load-'));
const port = await freePort();
const base = `http://${HOST}:${port}`;
const heapFlags = args['server-heap'] ? [`--max-old-space-size=${Number(args['server-heap'])}`] : [];
const server = spawn(process.execPath, [...heapFlags, 'src/server/main.ts'], {
  env: {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    SESSION_SECRET: 'a-load-test-secret-that-is-long-enough-to-pass',
    SITE_URL: 'https://sitio.example.org',
    HOST,
    PORT: String(port),
    DATABASE_URL: join(dir, 'site.db'),
    SEED_DEMO: 'true',
    CONTACT_RATE_LIMIT: '100000000',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const pid = server.pid!;
let exitCode: number | string | undefined;
const exited = new Promise<void>((resolve) =>
  server.once('exit', (code, signal) => {
    exitCode = code ?? signal ?? undefined;
    resolve();
  }),
);

async function stopServer() {
  if (exitCode === undefined) server.kill('SIGTERM');
  await exited;
  rmSync(dir, { recursive: true, force: true });
}

for (let ready = false; !ready;) {
  if (exitCode !== undefined) throw new Error('the server exited before it was ready');
  ready = await fetch(`${base}/api/health`)
    .then((r) => r.ok)
    .catch(() => false);
  if (!ready) await sleep(200);
}
const home = await fetch(`${base}/Inicio`).then((r) => r.text());
const serverRendered = home.includes('id="initial-data"');

interface Row {
  test: string;
  load: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  status5xx: number;
  rssBefore: number;
  rssAfter: number;
}

async function run(test: string, options: autocannon.Options): Promise<Row> {
  const rssBefore = rssMiB(pid);
  const result = await autocannon({ connections: CONNECTIONS, ...options });
  const rssAfter = rssMiB(pid);
  return {
    test,
    load: `${CONNECTIONS} connections, ${options.duration} s`,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    status5xx: result['5xx'],
    rssBefore,
    rssAfter,
  };
}

const readMix = (duration: number): autocannon.Options => ({
  url: base,
  duration,
  requests: [
    { method: 'GET', path: '/Inicio' },
    { method: 'GET', path: '/api/events/get-all' },
    { method: 'GET', path: '/api/news/get-all' },
    { method: 'GET', path: '/api/partners/get-all' },
  ],
});

// The write mix needs what a browser has: the CSRF cookie and its token.
const csrfResponse = await fetch(`${base}/api/csrf`);
const cookie = csrfResponse.headers
  .getSetCookie()
  .map((line) => line.split(';')[0])
  .join('; ');
const token = ((await csrfResponse.json()) as { data: { token: string } }).data.token;
const writeMix = (duration: number): autocannon.Options => ({
  url: `${base}/api/mail/contact`,
  duration,
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': token },
  body: JSON.stringify({
    data: {
      fullName: 'Carga de Prueba',
      company: 'Banco de pruebas',
      position: 'Ingeniera',
      email: 'carga@example.org',
      phoneNumber: '5512345678',
      memberships: 'Individual',
    },
  }),
});

const rows: Row[] = [];
const soakSamples: { second: number; rss: number }[] = [];
let failed = false;
try {
  rows.push(await run('read mix', readMix(DURATION)));
  rows.push(await run('write mix', writeMix(DURATION)));
  if (SOAK > 0) {
    const started = Date.now();
    soakSamples.push({ second: 0, rss: rssMiB(pid) });
    const sampler = setInterval(() => {
      soakSamples.push({ second: Math.round((Date.now() - started) / 1000), rss: rssMiB(pid) });
    }, 10_000);
    try {
      rows.push(await run('soak (read mix)', readMix(SOAK)));
    } finally {
      clearInterval(sampler);
    }
    soakSamples.push({ second: Math.round((Date.now() - started) / 1000), rss: rssMiB(pid) });
  }
  const health = await fetch(`${base}/api/health`);
  failed = rows.some((row) => row.errors > 0 || row.status5xx > 0) || health.status !== 200;
} finally {
  await stopServer();
}

const cpu = cpus();
const machine = `${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${process.platform}`;
console.log(`\nMachine: ${machine}`);
console.log(
  `Server: NODE_ENV=production, SQLite, demo content, pages ${serverRendered ? 'server-rendered' : 'not built'}`,
);
console.log(
  '\n| test | load | requests | req/s | p50 ms | p99 ms | errors | non-2xx | 5xx | RSS before → after MiB |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) {
  console.log(
    `| ${row.test} | ${row.load} | ${row.requests} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.non2xx} | ${row.status5xx} | ${row.rssBefore} → ${row.rssAfter} |`,
  );
}
if (soakSamples.length > 1) {
  // RSS saws up and down with garbage collection; a leak shows as the last third sitting above the first.
  const values = soakSamples.map((sample) => sample.rss);
  const third = Math.max(1, Math.floor(values.length / 3));
  const mean = (list: number[]) => Math.round((list.reduce((a, b) => a + b, 0) / list.length) * 10) / 10;
  const early = mean(values.slice(0, third));
  const late = mean(values.slice(-third));
  console.log(
    `\nSoak memory (RSS, MiB, ${values.length} samples): min ${Math.min(...values)}, max ${Math.max(...values)}; ` +
      `mean of the first third ${early}, of the last third ${late} (${late >= early ? '+' : ''}${Math.round((late - early) * 10) / 10})`,
  );
}
console.log(`Server stopped with ${String(exitCode)}.`);
if (args.json)
  writeFileSync(args.json, JSON.stringify({ machine, serverRendered, rows, soakSamples }, null, 2));
if (failed || exitCode !== 0) process.exit(1);
