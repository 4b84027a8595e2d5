// Throughput of the site against a bare Fastify hello-world, case by case, in the same run: the public
// lists, a list revalidated with its ETag, the home page, and contact requests stored. Both servers run
// on the same single core (cores.ts), so their ratio compares like with like.
import SQLite from 'better-sqlite3';
import type { Load, LoadGenerator } from './load-generators.ts';
import { shareCardBench } from './share-cards.ts';
import type { Site } from './servers.ts';

export const CONNECTIONS = 10;
const WARM_UP_SECONDS = 2;

/** What a browser sends for a page or a list. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, br' } as const;

interface Measured {
  requests: number;
  p99: number;
  /** Answers without the expected status (304 for the If-None-Match case, 201 for posts), errors and timeouts. */
  errors: number;
  /** Answers with the expected status, warm-up included. */
  answered: number;
}

export interface LoadRow {
  name: string;
  /** The request headers sent, as the report shows them. */
  headers: string;
  /** The round with the median ratio stands for the case; errors are those of every round. */
  site: Measured;
  hello: Measured;
  /** The site's rate over the hello-world's, round by round, in the order measured. */
  ratios: number[];
  /** The goal, as a ratio to the hello-world or in stored requests a second. */
  goal: { ratio?: number; perSecond?: number; p99?: number };
  /** A check made besides the figures, with its result ("… stored"). */
  check?: string;
}

/** A warm-up, then the measured run; `expected` is the status a right answer has. */
async function measure(
  generator: LoadGenerator,
  load: Load,
  expected: number,
  { seconds, prefix }: RunOptions,
): Promise<Measured> {
  const common = { connections: CONNECTIONS, expected, prefix };
  const warmUp = await generator.run(load, { ...common, seconds: WARM_UP_SECONDS });
  const result = await generator.run(load, { ...common, seconds });
  return {
    requests: result.requestsPerSecond,
    p99: result.p99Ms,
    errors: result.errors,
    answered: result.answered + warmUp.answered,
  };
}

export interface RunOptions {
  /** Seconds each measured run lasts (after its warm-up). */
  seconds: number;
  /** How many times each case is measured, each time right after the hello-world. */
  rounds?: number;
  /** The load generator's pinning prefix (cores.ts). */
  prefix?: string[];
}

interface Case {
  name: string;
  load: Load;
  /** The status of a right answer (200 unless said). */
  expected?: number;
  goal: LoadRow['goal'];
  check?: string;
}

/** A token and its cookies, as the web client gets them before it posts a form. */
async function csrfFor(base: string) {
  const response = await fetch(`${base}/api/csrf`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const token = ((await response.json()) as { data: { token: string } }).data.token;
  return { cookie, token };
}

const CONTACT = JSON.stringify({
  data: {
    fullName: 'Prueba de carga',
    company: 'Banco de pruebas',
    position: 'Medición',
    email: 'carga@example.org',
    phoneNumber: '5512345678',
  },
});

const describeHeaders = (headers: Load['headers']) =>
  Object.entries(headers ?? {})
    .map(([name, value]) => `${name}: ${name === 'cookie' || name === 'x-xsrf-token' ? '…' : value}`)
    .join('; ') || 'none';

/** The goals of issue 39 (decision 045). */
export const THROUGHPUT_GOALS = {
  listRatio: 0.45,
  pageRatio: 0.3,
  contact: { perSecond: 1_000, p99: 50 },
  // A card is a 45 KB image made once and then served from its file, asked by link previews when a
  // page is shared: a rate far above theirs says it is not made again. A ratio to a hello-world's
  // 17 bytes would measure the bytes on the wire, not the route.
  shareCard: { perSecond: 1_000, p99: 50 },
} as const;

export async function throughput(
  generator: LoadGenerator,
  site: Site,
  hello: { base: string },
  options: RunOptions,
) {
  const rounds = options.rounds ?? 1;
  const { base } = site;
  const etag = (await fetch(`${base}/api/events/get-all`, { headers: BROWSER_HEADERS })).headers.get('etag');
  const notModified = await fetch(`${base}/api/events/get-all`, {
    headers: { ...BROWSER_HEADERS, 'if-none-match': etag ?? '' },
  });
  if (!etag || notModified.status !== 304) throw new Error(`If-None-Match answered ${notModified.status}`);
  const { cookie, token } = await csrfFor(base);
  const card = await shareCardBench(base);

  const lists = ['events', 'news', 'partners'].map<Case>((resource) => ({
    name: `GET /api/${resource}/get-all`,
    load: { url: `${base}/api/${resource}/get-all`, headers: { ...BROWSER_HEADERS } },
    goal: { ratio: THROUGHPUT_GOALS.listRatio },
  }));
  const cases: Case[] = [
    ...lists,
    {
      name: 'GET /api/events/get-all, If-None-Match → 304',
      load: {
        url: `${base}/api/events/get-all`,
        headers: { ...BROWSER_HEADERS, 'if-none-match': etag },
      },
      expected: 304,
      goal: {},
    },
    {
      name: 'GET /Inicio',
      load: { url: `${base}/Inicio`, headers: { ...BROWSER_HEADERS } },
      goal: { ratio: THROUGHPUT_GOALS.pageRatio },
    },
    {
      name: 'GET /og/evento/<slug>.jpg (a share card)',
      load: { url: card.url, headers: { ...BROWSER_HEADERS } },
      goal: THROUGHPUT_GOALS.shareCard,
      check: card.check,
    },
    {
      name: 'POST /api/mail/contact',
      load: {
        url: `${base}/api/mail/contact`,
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': token },
        body: CONTACT,
      },
      expected: 201,
      goal: THROUGHPUT_GOALS.contact,
    },
  ];

  const rows: LoadRow[] = [];
  for (const { name, load, expected = 200, goal, check } of cases) {
    const post = load.method === 'POST';
    const helloLoad: Load = post
      ? {
          url: `${hello.base}/`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: CONTACT,
        }
      : { url: `${hello.base}/` };
    const storedBefore = post ? storedRequests(site.databaseFile) : 0;
    // Hello-world and site in turn, `rounds` times: the round with the median ratio stands for the case,
    // so one round that the machine disturbed neither makes nor breaks it.
    const measured: { hello: Measured; site: Measured }[] = [];
    for (let round = 0; round < rounds; round++) {
      const yardstick = await measure(generator, helloLoad, post ? 201 : 200, options);
      const ours = await measure(generator, load, expected, options);
      measured.push({ hello: yardstick, site: ours });
    }
    const ratioOf = (pair: { hello: Measured; site: Measured }) => pair.site.requests / pair.hello.requests;
    const middle = [...measured].sort((a, b) => ratioOf(a) - ratioOf(b))[Math.floor(rounds / 2)]!;
    const ours: Measured = {
      ...middle.site,
      errors: measured.reduce((sum, pair) => sum + pair.site.errors, 0),
      answered: measured.reduce((sum, pair) => sum + pair.site.answered, 0),
    };
    const yardstick = middle.hello;
    const row: LoadRow = {
      name,
      headers: describeHeaders(load.headers),
      site: ours,
      hello: yardstick,
      ratios: measured.map(ratioOf),
      goal,
      ...(check ? { check } : {}),
    };
    if (post) {
      // Every 201 (warm-up included) must be a request stored with its notification queued.
      const stored = storedRequests(site.databaseFile) - storedBefore;
      const complete = notificationsComplete(site.databaseFile);
      // Requests still in flight when a run ends (a warm-up or a measured run, each round) are stored
      // without their answer being counted: at most one a connection each time.
      const inFlight = stored - ours.answered;
      row.check =
        inFlight >= 0 && inFlight <= 2 * rounds * CONNECTIONS && complete
          ? `${ours.answered} answered 201 and ${stored} stored (${inFlight} were in flight when a run ended), each with its notification queued`
          : `MISMATCH: ${ours.answered} answered 201, ${stored} stored, notifications complete: ${complete}`;
    }
    rows.push(row);
    console.log(
      `${generator.name} ${name}: ${Math.round(ours.requests)} req/s, p99 ${ours.p99} ms ` +
        `(hello-world ${Math.round(yardstick.requests)}, ratios ${row.ratios.map((r) => r.toFixed(2)).join(' ')})`,
    );
  }
  return rows;
}

function storedRequests(databaseFile: string): number {
  const db = new SQLite(databaseFile, { readonly: true });
  try {
    return (db.prepare('select count(*) as n from requests').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

function notificationsComplete(databaseFile: string): boolean {
  const db = new SQLite(databaseFile, { readonly: true });
  try {
    const missing = db
      .prepare(
        // The unary + keeps SQLite on the request_id index: planned on the purpose index, the lookup
        // reads every notification for every request, and a run with wrk stores tens of thousands.
        `select count(*) as n from requests r where r.spam = 0 and not exists
           (select 1 from outbox o where o.request_id = r.id and +o.purpose = 'notify')`,
      )
      .get() as { n: number };
    return missing.n === 0;
  } finally {
    db.close();
  }
}
