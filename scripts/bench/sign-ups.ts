// A rush of event sign-ups, as when a popular event opens: for `npm run bench`. The site runs in
// production mode on a fresh SQLite file as deploy/systemd/sitio.service runs it (its node flags and
// environment), on one core, like the 1 vCPU server of decision 028; the sender (paced.ts, in this
// process) keeps to the other core(s). Each post signs up a new address for one event without a seat
// limit, so every one takes the longest path: a seat, the registration, the consent and the
// confirmation with its .ics and reminder, in one transaction. They are sent at a steady rate, each
// timed from the moment it was due, after 2 s at that rate that are not counted. Afterwards every 201
// is checked against the rows stored.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { pinning } from './cores.ts';
import { paced } from './paced.ts';
import { freePort, serviceUnit, startSite } from './servers.ts';
import { goalMark } from './report-file.ts';

/** The rush the site must take: this many a second for this long, answered within this p99. */
export const SIGN_UP_GOAL = { perSecond: 300, seconds: 10, p99Ms: 100 } as const;
/** The rate first runs this long uncounted, as the throughput part warms up before each round. */
const WARM_UP_SECONDS = 2;

export interface SignUpResult {
  rate: number;
  seconds: number;
  pinning: string;
  nodeFlags: string;
  /** Answers a second over the counted part. */
  perSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Every post, the warm-up's included. */
  sent: number;
  answered201: number;
  /** Answers other than 201, and posts that got no answer. */
  failed: number;
  /** Registrations found in the database afterwards, and confirmation mails queued for them. */
  stored: number;
  confirmations: number;
}

/** Moves this process, every thread of it, to these cores (taskset's list form), where taskset is. */
function moveSelf(cores: string) {
  spawnSync('taskset', ['-a', '-p', '-c', cores, String(process.pid)], { stdio: 'ignore' });
}

export async function measureSignUps({
  rate = SIGN_UP_GOAL.perSecond,
  seconds = SIGN_UP_GOAL.seconds,
} = {}): Promise<SignUpResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-sign-ups-'));
  const unit = serviceUnit();
  const cores = pinning();
  const site = await startSite(dir, await freePort(), cores.server, unit.env, unit.nodeFlags);
  // The sender keeps off the site's core for this part only.
  if (cores.load.length > 0) moveSelf(cores.load.at(-1)!);
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
    const result = await paced(
      {
        url: `${site.base}/api/events/${event.id}/registrations`,
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': token },
        body: (n) =>
          JSON.stringify({ data: { fullName: 'Prueba de carga', email: `carga${n}@example.org` } }),
      },
      rate,
      seconds,
      WARM_UP_SECONDS,
    );
    const answered201 = result.statuses['201'] ?? 0;
    // One statement, one snapshot of both counts.
    const { stored, confirmations } = db
      .prepare(
        `select (select count(*) from registrations where event_id = ?) as stored,
          (select count(*) from outbox where purpose = 'registration-confirmed') as confirmations`,
      )
      .get(event.id) as { stored: number; confirmations: number };
    db.close();
    return {
      rate,
      seconds,
      pinning: cores.description,
      nodeFlags: unit.nodeFlags.join(' '),
      perSecond: result.perSecond,
      ...result.latency,
      sent: result.sent,
      answered201,
      failed: result.sent - answered201,
      stored,
      confirmations,
    };
  } finally {
    moveSelf(`0-${availableParallelism() - 1}`);
    await site.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether the rush met its goal: every post stored with its mail, and the p99 within bounds. */
export function signUpsMeetGoal(result: SignUpResult): boolean {
  return (
    result.failed === 0 &&
    result.stored === result.sent &&
    result.confirmations === result.stored &&
    result.p99 <= SIGN_UP_GOAL.p99Ms
  );
}

/** The report's table for the rush. */
export function signUpTable(result: SignUpResult): string {
  return [
    '| Rate asked | Answered/s | p50 / p90 / p99 / max (ms) | Sent | 201 | Stored | Confirmations | Goal | Met |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    `| ${result.rate} a second for ${result.seconds} s | ${result.perSecond} | ${result.p50} / ${result.p90} / ${result.p99} / ${result.max} | ${result.sent} | ${result.answered201} | ${result.stored} | ${result.confirmations} | p99 ≤ ${SIGN_UP_GOAL.p99Ms} ms, all stored | ${goalMark(signUpsMeetGoal(result))} |`,
  ].join('\n');
}
