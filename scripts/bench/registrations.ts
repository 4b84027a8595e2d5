// Sign-ups stored a second on SQLite: `node scripts/bench/registrations.ts [seconds] [rate…]`, the
// registrations part of `npm run bench` on its own (sign-ups.ts says how it runs: the site as the unit
// runs it, on one core; flat out, then at each fixed `rate` a second, 300 and 1,000 by default; each
// part lasting `seconds`, 10 by default). Prints its figures as JSON.
//
// With `--cpu-prof <dir>` the site writes a CPU profile of its main thread into that directory when it
// stops (node's `--cpu-prof`, passed in NODE_OPTIONS), to open in Chrome's DevTools.
//
// With `--in-process` it times instead one sign-up at a time (1,500, 3 ms apart) through the app built in
// this process (`inject`, no sockets): the latency of the code path and the database alone, as the
// checkpoint thread leaves it and with SQLite's automatic checkpoint turned back on for comparison
// (in alternating blocks of 250, so both meet the same machine).
import { mkdtempSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { SITE_ENV } from './servers.ts';
import { measureSignUps } from './sign-ups.ts';

const inProcess = process.argv.includes('--in-process');
const profileAt = process.argv.indexOf('--cpu-prof');
const profileDir = profileAt >= 0 ? process.argv[profileAt + 1] : undefined;
const args = process.argv
  .slice(2)
  .filter((arg, i, all) => !arg.startsWith('--') && all[i - 1] !== '--cpu-prof');
const seconds = Number(args[0] ?? 10);
const rates = args.length > 1 ? args.slice(1).map(Number) : [300, 1000];

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

if (inProcess) {
  await timeInProcess();
} else {
  const { rates: byRate, ...result } = await measureSignUps({ seconds, rates, profileDir });
  const { stored, confirmations, walMaxMiB, ...run } = result;
  console.log(JSON.stringify({ ...run, ...byRate, stored, confirmations, walMaxMiB }, null, 2));
}
