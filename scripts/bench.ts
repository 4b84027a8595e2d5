// `npm run bench`: builds the site, starts it on loopback with demo content, and measures it. Writes
// docs/benchmarks.md. Not part of `npm test`: it takes a few minutes and its figures depend on the machine.
//
//   --skip-build   measure the build that is already in dist/
//   --runs N       Lighthouse runs per page (default 3; the median is reported)
//   --seconds N    autocannon duration per endpoint (default 10)
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { firstLoad } from '../src/web/admin/bundle-graph.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(name);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const RUNS = option('--runs', 3);
const SECONDS = option('--seconds', 10);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const PAGES = ['/Inicio', '/Membresias', '/Socias', '/Aportaciones'];
/** The own page of the first news entry and of the first event, added to PAGES once the site runs. */
async function addEntryPages(): Promise<void> {
  for (const [resource, section] of [
    ['news', 'Noticias'],
    ['events', 'Eventos'],
  ] as const) {
    const body = (await (await fetch(`${BASE}/api/${resource}/get-all`)).json()) as {
      data: { slug: string }[];
    };
    const first = body.data[0];
    if (first) PAGES.push(`/${section}/${first.slug}`);
  }
}
const PORT = 4790;
const HELLO_PORT = 4791;
const BASE = `http://127.0.0.1:${PORT}`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function waitFor(url: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

function startSite(): ChildProcess {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATABASE_URL: join(dir, 'site.db'),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      CONTACT_RATE_LIMIT: '1000000',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

interface LighthouseRow {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function lighthouseRuns(): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const rows: LighthouseRow[] = [];
  try {
    for (const path of PAGES) {
      const runs: LighthouseRow[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${BASE}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const lhr = result!.lhr;
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          path,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
        });
      }
      // The run with the median performance score stands for the page.
      const middle = median(runs.map((run) => run.performance));
      rows.push(runs.find((run) => run.performance === middle)!);
      console.log(`lighthouse ${path}: ${runs.map((run) => run.performance).join(', ')}`);
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

interface SizeRow {
  path: string;
  js: number;
  css: number;
  files: number;
}

/** What a first visit downloads (phone-sized window, nothing scrolled), gzipped at level 9. */
async function firstLoadSizes(): Promise<SizeRow[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  const rows: SizeRow[] = [];
  try {
    for (const path of PAGES) {
      const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
      const sizes: Promise<{ type: string; size: number }>[] = [];
      page.on('response', (response) => {
        const type = response.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        sizes.push(response.body().then((body) => ({ type, size: gzipSync(body, { level: 9 }).length })));
      });
      await page.goto(`${BASE}${path}`, { waitUntil: 'networkidle' });
      const all = await Promise.all(sizes);
      const sum = (type: string) =>
        all.filter((item) => item.type === type).reduce((s, item) => s + item.size, 0);
      rows.push({ path, js: sum('script'), css: sum('stylesheet'), files: all.length });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

interface LoadRow {
  name: string;
  requests: number;
  p99: number;
  errors: number;
  helloRequests: number;
}

async function cannon(options: autocannon.Options) {
  const result = await autocannon({ connections: 10, duration: SECONDS, ...options });
  return {
    requests: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function throughput(): Promise<LoadRow[]> {
  // A bare Fastify answering the same kind of request, measured in the same run, as the yardstick.
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  hello.post('/', async (_request, reply) => reply.code(201).send({ data: { id: 'x' } }));
  await hello.listen({ host: '127.0.0.1', port: HELLO_PORT });

  const csrf = await fetch(`${BASE}/api/csrf`);
  const cookies = csrf.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const token = ((await csrf.json()) as { data: { token: string } }).data.token;
  const contact = JSON.stringify({
    data: {
      fullName: 'Prueba de carga',
      company: 'Banco de pruebas',
      position: 'Medición',
      email: 'carga@example.org',
      phoneNumber: '5512345678',
    },
  });

  const rows: LoadRow[] = [];
  try {
    const cases: { name: string; site: autocannon.Options; hello: autocannon.Options }[] = [
      {
        name: 'GET /api/events/get-all',
        site: { url: `${BASE}/api/events/get-all` },
        hello: { url: `http://127.0.0.1:${HELLO_PORT}/` },
      },
      {
        name: 'GET /Inicio (HTML)',
        site: { url: `${BASE}/Inicio` },
        hello: { url: `http://127.0.0.1:${HELLO_PORT}/` },
      },
      {
        name: 'POST /api/mail/contact',
        site: {
          url: `${BASE}/api/mail/contact`,
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: cookies, 'x-xsrf-token': token },
          body: contact,
        },
        hello: {
          url: `http://127.0.0.1:${HELLO_PORT}/`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: contact,
        },
      },
    ];
    for (const { name, site, hello: reference } of cases) {
      const ours = await cannon(site);
      const yardstick = await cannon(reference);
      rows.push({
        name,
        requests: ours.requests,
        p99: ours.p99,
        errors: ours.errors,
        helloRequests: yardstick.requests,
      });
      console.log(
        `autocannon ${name}: ${Math.round(ours.requests)} req/s (hello-world ${Math.round(yardstick.requests)})`,
      );
    }
  } finally {
    await hello.close();
  }
  return rows;
}

function report(lh: LighthouseRow[], sizes: SizeRow[], load: LoadRow[], admin: AdminSize): string {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `# Benchmarks

Produced by \`npm run bench\` (scripts/bench.ts) on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} × ${cpu},
${Math.round(totalmem() / 1024 ** 3)} GiB, Node ${process.version}, Chromium headless, everything on loopback. The site runs
from its production build with the demo content on SQLite.

## Lighthouse (mobile defaults, median of ${RUNS} runs)

| Page | Performance | Accessibility | Best Practices | SEO | LCP (ms) | TBT (ms) | CLS |
| --- | --- | --- | --- | --- | --- | --- | --- |
${lh
  .map(
    (row) =>
      `| ${row.path} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${Math.round(row.lcp)} | ${Math.round(row.tbt)} | ${row.cls.toFixed(3)} |`,
  )
  .join('\n')}

Targets: Performance ≥ 95, Accessibility 100, Best Practices 100, SEO 100, CLS ≤ 0.02.

## First-load size (gzip -9, phone-sized window, nothing scrolled)

| Page | JavaScript (KB) | CSS (KB) | Files |
| --- | --- | --- | --- |
${sizes.map((row) => `| ${row.path} | ${kb(row.js)} | ${kb(row.css)} | ${row.files} |`).join('\n')}

Budget: /Inicio's first-load JavaScript ≤ 100 KB (checked on every run of the tests by
e2e/performance-budget.spec.ts).

## Admin first load (gzip -9, the entry and its static imports)

| Page | JavaScript (KB) | CSS (KB) | Files |
| --- | --- | --- | --- |
| /admin | ${kb(admin.js)} | ${kb(admin.css)} | ${admin.files} |

The rich-text editor comes only with the news form. Budget: 340 KB, checked in the browser after
logging in by e2e/admin-performance-budget.spec.ts; the aim is 300 KB (docs/decisions/012-…).

## Throughput (autocannon, 10 connections, ${SECONDS} s each)

| Endpoint | Requests/s | p99 latency (ms) | Errors | Fastify hello-world (req/s) | Ratio |
| --- | --- | --- | --- | --- | --- |
${load
  .map(
    (row) =>
      `| ${row.name} | ${Math.round(row.requests)} | ${row.p99} | ${row.errors} | ${Math.round(row.helloRequests)} | ${(row.requests / row.helloRequests).toFixed(2)} |`,
  )
  .join('\n')}

The hello-world is a bare Fastify server measured in the same run; the ratio says how much of the
framework's speed the real route keeps. The contact posts run with the rate limit raised, each stored
with its two outbox rows in one transaction.
`;
}

interface AdminSize {
  js: number;
  css: number;
  files: number;
}

/** What /admin loads before its first screen: its entry and everything that imports statically. */
function adminFirstLoad(): AdminSize {
  const dist = 'dist/web';
  const { files } = firstLoad(dist, 'admin/index.html');
  const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const sum = (ext: string) =>
    files.filter((file) => file.endsWith(ext)).reduce((total, file) => total + gz(file), 0);
  return { js: sum('.js'), css: sum('.css'), files: files.length };
}

if (!args.includes('--skip-build')) execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
const site = startSite();
try {
  await waitFor(`${BASE}/api/health`);
  await addEntryPages();
  const sizes = await firstLoadSizes();
  const lh = await lighthouseRuns();
  const load = await throughput();
  const text = report(lh, sizes, load, adminFirstLoad());
  writeFileSync('docs/benchmarks.md', text);
  console.log(text);
} finally {
  site.kill('SIGTERM');
}
