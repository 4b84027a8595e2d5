// Sign-ups stored a second on SQLite (issue 26), for `npm run bench` and `npm run bench:registrations`.
// The site runs in production mode on a fresh SQLite file as deploy/systemd/sitio.service runs it on the
// 1 vCPU server of decision 028: its own process pinned to one core (as `npm run bench` pins it), with
// the unit's node flags (a 64 MB heap, a 2 MB semi-space) and environment. The load generator
// (autocannon, in this process) keeps to the other core(s). It posts registrations for one event
// without a seat limit, each from a new address, so every post takes the heaviest path (a seat, the
// registration, the consent, the confirmation with its .ics and the reminder, all in one transaction).
// First as fast as the connections go (the throughput, whose latency is mostly queueing behind the
// other connections), then at each fixed rate a second (the latency one visitor sees on a busy site,
// and at the rate issue 26 asks the site to store), sent on a steady schedule (paced.ts: each latency
// counted from the moment its request was due), after 2 s at that rate that are not counted.
// Afterwards every 201 is checked against the rows stored, and the largest the write-ahead log file
// grew meanwhile is shown (decision 037: the site checkpoints it on a thread of its own).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { pinning } from './cores.ts';
import { paced } from './paced.ts';
import { cpuMicros, freePort, serviceUnit, startSite } from './servers.ts';
import { CONNECTIONS } from './throughput.ts';
import { goalMark } from './report-file.ts';

/** Issue 26: at least this many stored a second, with this p99 at that steady rate. */
export const SIGN_UP_GOAL = { perSecond: 1_000, p99Ms: 20 } as const;
/** Each fixed rate first runs this long uncounted (paced.ts), as `npm run bench` warms up its rounds. */
const WARM_UP_SECONDS = 2;

export interface SignUpOptions {
  /** How long each part runs (s). */
  seconds: number;
  /** The fixed rates a second, after the flat-out part. */
  rates: number[];
  /** A directory where the site writes a CPU profile of its main thread when it stops. */
  profileDir?: string;
}

interface Latency {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface SignUpRate extends Latency {
  /** The rate asked for; `perSecond` is the one answered. */
  rate: number;
  perSecond: number;
  warmUp: number;
  answered201: number;
  non2xx: number;
  errors: number;
  sendLagP99: number;
  cpuMsPerSignUp: number;
}

export interface SignUpResult {
  seconds: number;
  connections: number;
  pinning: string;
  nodeFlags: string;
  saturated: Latency & {
    perSecond: number;
    answered201: number;
    non2xx: number;
    errors: number;
    cpuMsPerSignUp: number;
  };
  /** By rate: `at300PerSecond`, `at1000PerSecond`… */
  rates: Record<string, SignUpRate>;
  stored: number;
  confirmations: number;
  walMaxMiB: number;
}

/** The CPU time of the site's process so far, all its threads, in ms (0 where /proc is missing). */
const cpuMs = (pid: number | undefined) => (cpuMicros(pid) ?? 0) / 1000;
const perSignUp = (ms: number, signUps: number) =>
  signUps > 0 ? Math.round((ms / signUps) * 1000) / 1000 : 0;

export async function measureSignUps({ seconds, rates, profileDir }: SignUpOptions): Promise<SignUpResult> {
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
    const path = `/api/events/${event.id}/registrations`;
    const headers = { 'content-type': 'application/json', cookie, 'x-xsrf-token': token };
    let sent = 0;
    const body = () =>
      JSON.stringify({ data: { fullName: 'Prueba de carga', email: `carga${sent++}@example.org` } });

    let walMaxBytes = 0;
    const walWatch = setInterval(() => {
      const size = statSync(`${site.databaseFile}-wal`, { throwIfNoEntry: false })?.size ?? 0;
      walMaxBytes = Math.max(walMaxBytes, size);
    }, 50);
    const cpuBefore = cpuMs(site.process.pid);
    const saturated = await autocannon({
      url: site.base,
      connections: CONNECTIONS,
      duration: seconds,
      requests: [
        { method: 'POST', path, headers, setupRequest: (request) => ({ ...request, body: body() }) },
      ],
    });
    const saturatedCpuMs = cpuMs(site.process.pid) - cpuBefore;
    const steady: Record<string, SignUpRate> = {};
    let answered = saturated['2xx'];
    for (const rate of rates) {
      const before = cpuMs(site.process.pid);
      const result = await paced(
        { url: `${site.base}${path}`, method: 'POST', headers, body },
        rate,
        seconds,
        WARM_UP_SECONDS,
      );
      const created = result.statuses['201'] ?? 0;
      answered += created;
      steady[`at${rate}PerSecond`] = {
        rate,
        perSecond: result.perSecond,
        ...result.latency,
        warmUp: result.warmUp,
        answered201: created,
        non2xx: result.sent - result.errors - created,
        errors: result.errors,
        sendLagP99: result.sendLagP99,
        cpuMsPerSignUp: perSignUp(cpuMs(site.process.pid) - before, created),
      };
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
    if (stored < answered || confirmations !== stored) {
      throw new Error('a 201 without its stored registration');
    }
    return {
      seconds,
      connections: CONNECTIONS,
      pinning: cores.description,
      nodeFlags: unit.nodeFlags.join(' '),
      saturated: {
        perSecond: Math.round(saturated.requests.average),
        p50: saturated.latency.p50,
        p90: saturated.latency.p90,
        p99: saturated.latency.p99,
        max: saturated.latency.max,
        answered201: saturated['2xx'],
        non2xx: saturated.non2xx,
        errors: saturated.errors,
        cpuMsPerSignUp: perSignUp(saturatedCpuMs, saturated['2xx']),
      },
      rates: steady,
      stored,
      confirmations,
      walMaxMiB: Math.round((walMaxBytes / 1024 / 1024) * 10) / 10,
    };
  } finally {
    await site.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The report's table: one row for the flat-out part and one for each fixed rate. */
export function signUpTable(result: SignUpResult): string {
  const rows = [
    `| As fast as ${result.connections} connections go | ${result.saturated.perSecond.toLocaleString('en')} | ${result.saturated.p50} / ${result.saturated.p90} / ${result.saturated.p99} / ${result.saturated.max} | ${result.saturated.cpuMsPerSignUp} | ${result.saturated.errors + result.saturated.non2xx} | ≥ ${SIGN_UP_GOAL.perSecond.toLocaleString('en')}/s | ${goalMark(result.saturated.perSecond >= SIGN_UP_GOAL.perSecond)} |`,
    ...Object.values(result.rates).map((rate) => {
      const judged = rate.rate === SIGN_UP_GOAL.perSecond;
      const ok = rate.p99 <= SIGN_UP_GOAL.p99Ms && rate.errors + rate.non2xx === 0;
      return `| A steady ${rate.rate.toLocaleString('en')} a second | ${rate.perSecond.toLocaleString('en')} | ${rate.p50} / ${rate.p90} / ${rate.p99} / ${rate.max} | ${rate.cpuMsPerSignUp} | ${rate.errors + rate.non2xx} | ${judged ? `p99 ≤ ${SIGN_UP_GOAL.p99Ms} ms` : '–'} | ${judged ? goalMark(ok) : '–'} |`;
    }),
  ];
  return [
    '| Load | Stored/s | p50 / p90 / p99 / max (ms) | CPU a sign-up (ms) | Errors | Goal | Met |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
