// `npm run bench`: builds the site, starts it in production mode on loopback with the demo content, and
// measures what visitors and staff feel (docs/benchmarks.md says what each part measures): Lighthouse on
// a phone, first-load sizes, list and page throughput beside a bare Fastify hello-world with contact
// requests stored, a rush of event sign-ups, and memory. Writes the results into docs/benchmarks.md
// below its hand-written part (scripts/bench/report-file.ts). Not part of `npm test`: it takes several
// minutes and its figures depend on the machine (run it on a quiet one).
//
//   --skip-build      measure the build that is already in dist/
//   --runs N          Lighthouse runs per page (default 3; the median is reported)
//   --seconds N       load duration per throughput run (default 5, after a 2 s warm-up); the load comes
//                     from wrk when it is installed (Debian's `wrk` package), else from autocannon
//   --rounds N        runs per throughput case, each right after the hello-world's (default 3; the
//                     round with the median ratio is reported)
//   --soak-minutes N  the memory part's soak (default 10)
//   --only A,B        only these parts (lighthouse, sizes, throughput, sign-ups, memory); prints the
//                     results, writes no report
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import {
  adminFirstLoad,
  browserVersion,
  firstLoadSizes,
  lighthouseRuns,
  type AdminSize,
  type LighthouseRow,
  type SizeRow,
  type Target,
} from './bench/browser.ts';
import { pinning, type Pinning } from './bench/cores.ts';
import { loadGenerator, type LoadGenerator } from './bench/load-generators.ts';
import { MEMORY_GOALS, measureMemory, memoryTable, type MemoryResult } from './bench/memory.ts';
import { goalMark, withResults } from './bench/report-file.ts';
import {
  SIGN_UP_GOAL,
  measureSignUps,
  signUpTable,
  signUpsMeetGoal,
  type SignUpResult,
} from './bench/sign-ups.ts';
import { HOST, freePort, helloWorld, serviceUnit, startHello, startSite } from './bench/servers.ts';
import {
  BROWSER_HEADERS,
  CONNECTIONS,
  THROUGHPUT_GOALS,
  throughput,
  type LoadRow,
} from './bench/throughput.ts';

const { values: args } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    only: { type: 'string' },
    'soak-minutes': { type: 'string', default: '10' },
    // Internal: run as the hello-world server on this port.
    hello: { type: 'string' },
  },
});

/** Where the report goes. */
const REPORT = 'docs/benchmarks.md';

const PARTS = ['lighthouse', 'sizes', 'throughput', 'sign-ups', 'memory'] as const;
type Part = (typeof PARTS)[number];

/** Lighthouse's mobile run on every kind of page, and /Inicio's first-load JavaScript. */
const PAGE_GOALS = { score: 100, lcp: 1_200, cls: 0.01, tbt: 50, inicioJs: 80 * 1024 };
/** A phone slower than Lighthouse's default: its CPU slowed down this many times, and every run ≥ score. */
const SLOW_PHONE = { cpuSlowdown: 6, score: 95 };

async function main() {
  const runs = Number(args.runs);
  const seconds = Number(args.seconds);
  const rounds = Number(args.rounds);
  const cores = pinning();
  const only = args.only?.split(',') as Part[] | undefined;
  const unknown = only?.filter((part) => !PARTS.includes(part));
  if (unknown?.length)
    throw new Error(`unknown part(s): ${unknown.join(', ')}; the parts: ${PARTS.join(', ')}`);
  const wanted = (part: Part) => !only || only.includes(part);
  const load = loadavg()[0]!;
  if (!args['skip-build']) execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });

  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  // Run as the unit runs it (its node flags and environment), as the sign-ups and the memory are.
  const unit = serviceUnit();
  const site = await startSite(dir, await freePort(), cores.server, unit.env, unit.nodeFlags);
  let hello: Awaited<ReturnType<typeof startHello>> | undefined;
  let running = true;
  // The first three parts share this site; the sign-ups and the memory start their own, alone.
  const stopServers = async () => {
    if (!running) return;
    running = false;
    await hello?.stop();
    await site.stop();
  };
  const generator = loadGenerator();
  try {
    const pages = await pagesToMeasure(site.base);
    const browser = wanted('lighthouse') || wanted('sizes') ? await browserVersion() : undefined;
    let lh: LighthouseRow[] = [];
    let slow: LighthouseRow[] = [];
    const failedRuns: string[] = [];
    let sizes: SizeRow[] = [];
    let loadRows: LoadRow[] = [];
    if (wanted('sizes')) sizes = await firstLoadSizes(pages);
    if (wanted('lighthouse')) {
      lh = await lighthouseRuns(pages, runs, failedRuns);
      // The pages a phone slower than Lighthouse's default meets first.
      const slowTargets = pages.filter(
        ({ label }) => ['/Inicio', '/Socias'].includes(label) || /^\/(Noticias|Eventos)\//.test(label),
      );
      slow = await lighthouseRuns(slowTargets, runs, failedRuns, SLOW_PHONE.cpuSlowdown);
    }
    if (wanted('throughput')) {
      hello = await startHello(process.argv[1]!, await freePort(), cores.server);
      loadRows = await throughput(
        generator,
        site,
        { base: hello.base },
        { seconds, rounds, prefix: cores.load },
      );
    }
    await stopServers();
    // On a server of its own, as the unit runs it, on one core.
    const signUps = wanted('sign-ups') ? await measureSignUps() : undefined;
    // Last, on its own server: the soak would skew whatever ran beside it.
    const memory = wanted('memory') ? await measureMemory(Number(args['soak-minutes'])) : undefined;
    const text = results({
      lh,
      slow,
      sizes,
      admin: wanted('sizes') ? adminFirstLoad() : undefined,
      load: loadRows,
      signUps,
      memory,
      generator,
      runs,
      seconds,
      rounds,
      cores,
      loadAverage: [load, loadavg()[0]!],
      browser,
      failedRuns,
    });
    // Written as the repository's formatter would leave it, so the format check passes on it as is;
    // what is written by hand above the marker is kept (report-file.ts).
    if (!only) {
      const existing = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : undefined;
      writeFileSync(
        REPORT,
        await prettier.format(withResults(text, existing), {
          ...(await prettier.resolveConfig(REPORT)),
          filepath: REPORT,
        }),
      );
    }
    console.log(text);
  } finally {
    await stopServers();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every kind of page: the five fixed ones, and the own page of the first news entry and event. */
async function pagesToMeasure(base: string): Promise<Target[]> {
  const paths = ['/Inicio', '/Membresias', '/Socias', '/Aportaciones', '/AvisoDePrivacidad'];
  for (const [resource, section] of [
    ['news', 'Noticias'],
    ['events', 'Eventos'],
  ] as const) {
    const body = (await (await fetch(`${base}/api/${resource}/get-all`)).json()) as {
      data: { slug: string }[];
    };
    const first = body.data[0];
    if (first) paths.push(`/${section}/${first.slug}`);
  }
  return paths.map((path) => ({ label: path, url: `${base}${path}` }));
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ratioOf = (row: LoadRow) => row.site.requests / row.hello.requests;

function lighthouseMeetsGoals(row: LighthouseRow): boolean {
  const scores = [row.performance, row.accessibility, row.bestPractices, row.seo];
  return (
    scores.every((score) => score >= PAGE_GOALS.score) &&
    row.lcp <= PAGE_GOALS.lcp &&
    row.cls <= PAGE_GOALS.cls &&
    row.tbt <= PAGE_GOALS.tbt
  );
}

function loadMeetsGoal(row: LoadRow): boolean {
  const { ratio, perSecond, p99 } = row.goal;
  return (
    row.site.errors === 0 &&
    (row.check === undefined || !row.check.startsWith('MISMATCH')) &&
    (ratio === undefined || ratioOf(row) >= ratio) &&
    (perSecond === undefined || row.site.requests >= perSecond) &&
    (p99 === undefined || row.site.p99 <= p99)
  );
}

const goalText = ({ goal }: LoadRow) => {
  if (goal.ratio !== undefined) return `≥ ${goal.ratio}×`;
  if (goal.perSecond !== undefined) return `≥ ${goal.perSecond.toLocaleString('en')}/s, p99 ≤ ${goal.p99} ms`;
  return 'every answer a 304';
};

interface ResultsInput {
  lh: LighthouseRow[];
  /** The same pages on a phone with Lighthouse's CPU slowed down SLOW_PHONE.cpuSlowdown times. */
  slow: LighthouseRow[];
  sizes: SizeRow[];
  admin: AdminSize | undefined;
  load: LoadRow[];
  signUps: SignUpResult | undefined;
  memory: MemoryResult | undefined;
  generator: LoadGenerator;
  runs: number;
  seconds: number;
  rounds: number;
  cores: Pinning;
  /** The 1-minute load average when the run began and when it ended. */
  loadAverage: [number, number];
  browser: string | undefined;
  failedRuns: string[];
}

/** The commit measured, and whether the working tree differed from it. */
function revision(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    }).trim();
    return changed ? `commit ${commit} with uncommitted changes` : `commit ${commit}`;
  } catch {
    return 'an unknown commit (no git)';
  }
}

const NOT_MEASURED = 'not measured in this run';

/** One row of the summary: the goal, what was measured, whether it was met. */
type SummaryRow = [goal: string, measured: string | undefined, met: boolean | undefined];

function summary(input: ResultsInput): SummaryRow[] {
  const { lh, slow, sizes, load, signUps, memory } = input;
  const inicio = sizes.find((row) => row.label === '/Inicio');
  const lists = load.filter((row) => row.name.endsWith('/get-all'));
  const page = load.find((row) => row.name === 'GET /Inicio');
  const etag = load.find((row) => row.name.includes('If-None-Match'));
  const contact = load.find((row) => row.name.startsWith('POST'));
  const card = load.find((row) => row.name.includes('share card'));
  const slowest = slow.flatMap((row) => row.runScores);
  const { idleMiB, loadedMiB } = MEMORY_GOALS;
  return [
    [
      `Lighthouse (mobile, 4× CPU): ${PAGE_GOALS.score} in all four categories, LCP ≤ ${PAGE_GOALS.lcp.toLocaleString('en')} ms, CLS ≤ ${PAGE_GOALS.cls}, TBT ≤ ${PAGE_GOALS.tbt} ms on every kind of page`,
      lh.length ? `${lh.filter(lighthouseMeetsGoals).length} of ${lh.length} pages` : undefined,
      lh.length ? lh.every(lighthouseMeetsGoals) : undefined,
    ],
    [
      `A phone ${SLOW_PHONE.cpuSlowdown}× slower: every run ≥ ${SLOW_PHONE.score}`,
      slowest.length ? `lowest ${Math.min(...slowest)}` : undefined,
      slowest.length ? slowest.every((score) => score >= SLOW_PHONE.score) : undefined,
    ],
    [
      `/Inicio's first-load JavaScript ≤ ${PAGE_GOALS.inicioJs / 1024} KB (gzip -9)`,
      inicio ? `${kb(inicio.js)} KB` : undefined,
      inicio ? inicio.js <= PAGE_GOALS.inicioJs : undefined,
    ],
    [
      `A rush of ${SIGN_UP_GOAL.perSecond} sign-ups a second for ${SIGN_UP_GOAL.seconds} s: p99 ≤ ${SIGN_UP_GOAL.p99Ms} ms, every one stored`,
      signUps ? `p99 ${signUps.p99} ms; ${signUps.stored} of ${signUps.sent} stored` : undefined,
      signUps ? signUpsMeetGoal(signUps) : undefined,
    ],
    [
      `Contact requests ≥ ${THROUGHPUT_GOALS.contact.perSecond.toLocaleString('en')} stored a second, p99 ≤ ${THROUGHPUT_GOALS.contact.p99} ms`,
      contact
        ? `${Math.round(contact.site.requests).toLocaleString('en')}/s, p99 ${contact.site.p99} ms`
        : undefined,
      contact ? loadMeetsGoal(contact) : undefined,
    ],
    [
      `Public lists ≥ ${THROUGHPUT_GOALS.listRatio}× a Fastify hello-world`,
      lists.length ? lists.map((row) => `${ratioOf(row).toFixed(2)}×`).join(', ') : undefined,
      lists.length ? lists.every(loadMeetsGoal) : undefined,
    ],
    [
      `/Inicio compressed ≥ ${THROUGHPUT_GOALS.pageRatio}× a Fastify hello-world`,
      page ? `${ratioOf(page).toFixed(2)}×` : undefined,
      page ? loadMeetsGoal(page) : undefined,
    ],
    [
      `A share card served from its file ≥ ${THROUGHPUT_GOALS.shareCard.perSecond.toLocaleString('en')} a second, p99 ≤ ${THROUGHPUT_GOALS.shareCard.p99} ms`,
      card ? `${Math.round(card.site.requests).toLocaleString('en')}/s, p99 ${card.site.p99} ms` : undefined,
      card ? loadMeetsGoal(card) : undefined,
    ],
    [
      'A list asked with its current ETag answers 304',
      etag ? `${etag.site.errors} other answers` : undefined,
      etag ? loadMeetsGoal(etag) : undefined,
    ],
    [
      `Memory at rest ≤ ${idleMiB} MiB`,
      memory ? `${memory.idle} MiB` : undefined,
      memory ? memory.idle <= idleMiB : undefined,
    ],
    [
      `Memory after page load and a soak ≤ ${loadedMiB} MiB`,
      memory ? `${memory.afterLoad} and ${memory.afterSoak} MiB` : undefined,
      memory ? Math.max(memory.afterLoad, memory.afterSoak) <= loadedMiB : undefined,
    ],
  ];
}

function results(input: ResultsInput): string {
  const { lh, slow, sizes, admin, load, signUps, memory, generator, runs, seconds, rounds, cores } = input;
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const lighthouse = lh.length
    ? `Median of ${runs} runs a page; the row is the run with the median Performance. "Benchmark index" is
Lighthouse's measure of this machine: the lower it is, the more every script costs. Runs Lighthouse could
not complete and made again: ${input.failedRuns.length === 0 ? 'none' : input.failedRuns.join('; ')}.

| Page | Performance | Accessibility | Best Practices | SEO | LCP (ms) | TBT (ms) | CLS | Runs | Benchmark index | Met |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${lh
  .map(
    (row) =>
      `| ${row.label} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${Math.round(row.lcp)} | ${Math.round(row.tbt)} | ${row.cls.toFixed(3)} | ${row.runScores.join(', ')} | ${Math.round(row.benchmarkIndex)} | ${goalMark(lighthouseMeetsGoals(row))} |`,
  )
  .join('\n')}

On a phone ${SLOW_PHONE.cpuSlowdown}× slower:

| Page | Runs (score / TBT ms) | LCP (ms) | Every run ≥ ${SLOW_PHONE.score} |
| --- | --- | --- | --- |
${slow
  .map(
    (row) =>
      `| ${row.label} | ${row.runScores.map((score, i) => `${score} / ${row.runTbts[i]}`).join(', ')} | ${Math.round(row.lcp)} | ${goalMark(row.runScores.every((score) => score >= SLOW_PHONE.score))} |`,
  )
  .join('\n')}`
    : NOT_MEASURED;
  const firstLoad = sizes.length
    ? `| Page | JavaScript (KB) | CSS (KB) | Files |
| --- | --- | --- | --- |
${sizes.map((row) => `| ${row.label} | ${kb(row.js)} | ${kb(row.css)} | ${row.files} |`).join('\n')}
${admin ? `| /admin (its entry and static imports) | ${kb(admin.js)} | ${kb(admin.css)} | ${admin.files} |` : ''}`
    : NOT_MEASURED;
  const throughputText = load.length
    ? `${generator.name}, ${CONNECTIONS} connections, ${rounds} round${rounds === 1 ? '' : 's'} of ${seconds} s a case, each after a 2 s warm-up and
right after the hello-world's; ${cores.description}. Browser-like headers: \`${Object.entries(BROWSER_HEADERS)
        .map(([name, value]) => `${name}: ${value}`)
        .join('; ')}\`.

| Case | Requests/s | p99 (ms) | Errors | Hello-world (req/s) | Ratio | Ratios of the rounds | Goal | Met |
| --- | --- | --- | --- | --- | --- | --- | --- | --- |
${load
  .map(
    (row) =>
      `| ${row.name} | ${Math.round(row.site.requests)} | ${row.site.p99} | ${row.site.errors} | ${Math.round(row.hello.requests)} | ${ratioOf(row).toFixed(2)} | ${row.ratios.map((ratio) => ratio.toFixed(2)).join(', ')} | ${goalText(row)} | ${goalMark(loadMeetsGoal(row))} |`,
  )
  .join('\n')}

${load
  .filter((row) => row.check)
  .map((row) => `${row.name}: ${row.check}.`)
  .join('\n')}`
    : NOT_MEASURED;
  const signUpText = signUps
    ? `${signUpTable(signUps)}

The site as the unit runs it (\`${signUps.nodeFlags || 'no node flags'}\`); ${signUps.pinning}.`
    : NOT_MEASURED;
  return `## Results

From \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}, at ${revision()}: ${cpus().length} × ${cpu},
${Math.round(totalmem() / 1024 ** 3)} GiB, Node ${process.version}${input.browser ? `, Chromium ${input.browser} headless` : ''}, on loopback; the 1-minute load
average was ${input.loadAverage[0].toFixed(2)} when the run began and ${input.loadAverage[1].toFixed(2)} when it ended.

| Goal | Measured | Met |
| --- | --- | --- |
${summary(input)
  .map(
    ([goal, measured, met]) =>
      `| ${goal} | ${measured ?? NOT_MEASURED} | ${met === undefined ? '–' : goalMark(met)} |`,
  )
  .join('\n')}

### Lighthouse

${lighthouse}

### First load

${firstLoad}

### Throughput

${throughputText}

### Sign-up rush

${signUpText}

### Memory

${memory ? memoryTable(memory) : NOT_MEASURED}
`;
}

if (args.hello) {
  await helloWorld().listen({ host: HOST, port: Number(args.hello) });
} else {
  await main();
}
