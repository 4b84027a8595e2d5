// Sign-ups stored a second on SQLite: `node scripts/bench/registrations.ts [seconds] [rate…]`. The site
// runs in production mode on a fresh SQLite file as deploy/systemd/sitio.service runs it on the 1 vCPU
// server of decision 028: its own process pinned to one core (as `npm run bench` pins it), with the
// unit's node flags (a 64 MB heap, a 2 MB semi-space) and environment. The load generator (autocannon,
// in this process) keeps to the other core(s). It posts registrations for one event without a seat
// limit, each from a new address, so every post takes the heaviest path (a seat, the registration, the
// consent, the confirmation with its .ics and the reminder, all in one transaction). First as fast as
// the connections go (the throughput, whose latency is mostly queueing behind the other connections),
// then at each fixed `rate` a second (300 and 1,000 by default: the latency one visitor sees on a busy
// site, and at the rate issue 26 asks the site to store), sent on a steady schedule (paced.ts: each
// latency counted from the moment its request was due), after 2 s at that rate that are not counted.
// Each run lasts `seconds` (10 by default).
// Afterwards every 201 is checked against the rows stored, and the largest the write-ahead log file grew
// meanwhile is shown (decision 037: the site checkpoints it on a thread of its own).
//
// With `--cpu-prof <dir>` the site writes a CPU profile of its main thread into that directory when it
// stops (node's `--cpu-prof`, passed in NODE_OPTIONS), to open in Chrome's DevTools.
//
// With `--in-process` it times instead one sign-up at a time (1,500, 3 ms apart) through the app built in
// this process (`inject`, no sockets): the latency of the code path and the database alone, as the
// checkpoint thread leaves it and with SQLite's automatic checkpoint turned back on for comparison
// (in alternating blocks of 250, so both meet the same machine).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { pinning } from './cores.ts';
import { paced, type PacedResult } from './paced.ts';
import { SITE_ENV, freePort, startSite } from './servers.ts';
import { CONNECTIONS } from './throughput.ts';

const inProcess = process.argv.includes('--in-process');
const profileAt = process.argv.indexOf('--cpu-prof');
const profileDir = profileAt >= 0 ? process.argv[profileAt + 1] : undefined;
const args = process.argv
  .slice(2)
  .filter((arg, i, all) => !arg.startsWith('--') && all[i - 1] !== '--cpu-prof');
const seconds = Number(args[0] ?? 10);
const rates = args.length > 1 ? args.slice(1).map(Number) : [300, 1000];
/** Each fixed rate first runs this long uncounted (paced.ts), as `npm run bench` warms up its rounds. */
const WARM_UP_SECONDS = 2;

/**
 * The CPU time the site's process has used so far, all its threads (the checkpoint thread and V8's
 * helpers included), in ms, from /proc (Linux; 0 elsewhere). Less noisy than a p99 on a shared machine:
 * the cost of a sign-up, whatever else the machine is doing.
 */
function siteCpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [utime, stime] = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .slice(11, 13)
      .map(Number);
    return ((utime! + stime!) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
/** Linux counts process time in ticks of 1/100 s (USER_HZ) on every architecture it runs on here. */
const CLOCK_TICKS = 100;
const perSignUp = (cpuMs: number, signUps: number) =>
  signUps > 0 ? Math.round((cpuMs / signUps) * 1000) / 1000 : 0;

/** The percentile `p` (0–100) of some durations, in milliseconds to a tenth. */
function percentile(times: number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

async function timeInProcess(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-registrations-'));
  const config = loadConfig({
    ...SITE_ENV,
    DATABASE_URL: join(dir, 'site.db'),
    UPLOAD_DIR: join(dir, 'uploads'),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp(config);
  await app.ready();
  try {
    const { rows } = await sql<{
      id: string;
    }>`select id from events where event_date > ${new Date().toISOString()}
      order by event_date limit 1`.execute(app.db);
    const event = rows[0];
    if (!event) throw new Error('the demo content has no upcoming event');
    await sql`update events set registration_enabled = 1, registration_capacity = null where id = ${event.id}`.execute(
      app.db,
    );
    const csrf = await app.inject({ method: 'GET', url: '/api/csrf' });
    const cookie = csrf.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    const token = (csrf.json() as { data: { token: string } }).data.token;
    const times = { thread: [] as number[], automatic: [] as number[] };
    let sent = 0;
    for (let block = 0; block < 6; block++) {
      const mode = block % 2 === 0 ? 'thread' : 'automatic';
      await sql.raw(`pragma wal_autocheckpoint = ${mode === 'thread' ? 0 : 1000}`).execute(app.db);
      for (let i = 0; i < 250; i++) {
        const start = performance.now();
        const response = await app.inject({
          method: 'POST',
          url: `/api/events/${event.id}/registrations`,
          headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': token },
          payload: { data: { fullName: 'Prueba de carga', email: `carga${sent++}@example.org` } },
        });
        times[mode].push(performance.now() - start);
        if (response.statusCode !== 201) throw new Error(`answered ${response.statusCode}: ${response.body}`);
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
    }
    const figures = (list: number[]) => ({
      signUps: list.length,
      p50: percentile(list, 50),
      p90: percentile(list, 90),
      p99: percentile(list, 99),
      max: Math.round(Math.max(...list) * 10) / 10,
    });
    console.log(
      JSON.stringify(
        {
          inProcess: {
            checkpointThread: figures(times.thread),
            automaticCheckpoint: figures(times.automatic),
          },
        },
        null,
        2,
      ),
    );
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * How deploy/systemd/sitio.service runs the site: its node flags (the heap caps of decision 033) and
 * the environment settings that shape the process (not its port and address).
 */
function serviceUnit(): { nodeFlags: string[]; env: Record<string, string> } {
  const text = readFileSync('deploy/systemd/sitio.service', 'utf8');
  const nodeFlags = (/^ExecStart=\/usr\/bin\/node (.*) src\/server\/main\.ts$/m.exec(text)?.[1] ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const env = Object.fromEntries(
    [...text.matchAll(/^Environment=(\w+)=(.*)$/gm)]
      .map((match) => [match[1]!, match[2]!] as const)
      .filter(([name]) => name !== 'PORT' && name !== 'HOST'),
  );
  return { nodeFlags, env };
}

if (inProcess) {
  await timeInProcess();
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'bench-registrations-'));
const unit = serviceUnit();
const cores = pinning();
// The load generator (autocannon, in this process) keeps to the other core(s), off the site's.
if (cores.load.length > 0) {
  spawnSync('taskset', ['-a', '-p', '-c', cores.load.at(-1)!, String(process.pid)], { stdio: 'ignore' });
}
const nodeOptions = [
  ...unit.nodeFlags,
  ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
];
const site = await startSite(dir, await freePort(), cores.server, {
  ...unit.env,
  ...(nodeOptions.length > 0 ? { NODE_OPTIONS: nodeOptions.join(' ') } : {}),
});
try {
  const db = new SQLite(site.databaseFile);
  const event = db
    .prepare('select id from events where event_date > ? order by event_date limit 1')
    .get(new Date().toISOString()) as { id: string } | undefined;
  if (!event) throw new Error('the demo content has no upcoming event');
  db.prepare('update events set registration_enabled = 1, registration_capacity = null where id = ?').run(
    event.id,
  );

  const csrf = await fetch(`${site.base}/api/csrf`);
  const cookie = csrf.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const token = ((await csrf.json()) as { data: { token: string } }).data.token;
  let sent = 0;
  const run = () =>
    autocannon({
      url: site.base,
      connections: CONNECTIONS,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: `/api/events/${event.id}/registrations`,
          headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': token },
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              data: { fullName: 'Prueba de carga', email: `carga${sent++}@example.org` },
            }),
          }),
        },
      ],
    });
  let walMaxBytes = 0;
  const walWatch = setInterval(() => {
    const size = statSync(`${site.databaseFile}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    walMaxBytes = Math.max(walMaxBytes, size);
  }, 50);
  const cpuBefore = siteCpuMs(site.process.pid);
  const saturated = await run();
  const saturatedCpuMs = siteCpuMs(site.process.pid) - cpuBefore;
  const steady: (PacedResult & { cpuMs: number })[] = [];
  for (const rate of rates) {
    const before = siteCpuMs(site.process.pid);
    const result = await paced(
      {
        url: `${site.base}/api/events/${event.id}/registrations`,
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': token },
        body: () =>
          JSON.stringify({ data: { fullName: 'Prueba de carga', email: `carga${sent++}@example.org` } }),
      },
      rate,
      seconds,
      WARM_UP_SECONDS,
    );
    steady.push({ ...result, cpuMs: siteCpuMs(site.process.pid) - before });
  }
  clearInterval(walWatch);
  // One statement, one snapshot: a sign-up still in flight when autocannon stops may commit between
  // two separate counts (its registration and its mail are committed together).
  const { stored, confirmations } = db
    .prepare(
      `select (select count(*) from registrations where event_id = ?) as stored,
        (select count(*) from outbox where purpose = 'registration-confirmed') as confirmations`,
    )
    .get(event.id) as { stored: number; confirmations: number };
  db.close();
  const answered = steady.reduce((sum, result) => sum + (result.statuses['201'] ?? 0), saturated['2xx']);
  const figures = (result: autocannon.Result) => ({
    perSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    answered201: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
  });
  console.log(
    JSON.stringify(
      {
        seconds,
        connections: CONNECTIONS,
        pinning: cores.description,
        nodeFlags: unit.nodeFlags.join(' '),
        saturated: { ...figures(saturated), cpuMsPerSignUp: perSignUp(saturatedCpuMs, saturated['2xx']) },
        ...Object.fromEntries(
          steady.map((result) => [
            `at${result.rate}PerSecond`,
            {
              perSecond: result.perSecond,
              ...result.latency,
              warmUp: result.warmUp,
              answered201: result.statuses['201'] ?? 0,
              non2xx: result.sent - result.errors - (result.statuses['201'] ?? 0),
              errors: result.errors,
              sendLagP99: result.sendLagP99,
              cpuMsPerSignUp: perSignUp(result.cpuMs, result.statuses['201'] ?? 0),
            },
          ]),
        ),
        stored,
        confirmations,
        walMaxMiB: Math.round((walMaxBytes / 1024 / 1024) * 10) / 10,
      },
      null,
      2,
    ),
  );
  if (stored < answered || confirmations !== stored) throw new Error('a 201 without its stored registration');
} finally {
  await site.stop();
  rmSync(dir, { recursive: true, force: true });
}
