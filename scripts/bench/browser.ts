// What a browser sees: Lighthouse scores and metrics, and what a first visit downloads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { firstLoad } from '../../src/web/test/bundle-graph.ts';

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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** A page to measure: what the report calls it, and where it is. */
export interface Target {
  label: string;
  url: string;
}

export interface LighthouseRow {
  label: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's own measure of this machine's speed in that run (its CPU throttling is relative to it). */
  benchmarkIndex: number;
  /** Every run's Performance score; a run that failed three times (no paint seen, a protocol error) scores 0. */
  runScores: number[];
  /** Every run's Total Blocking Time (ms), in the same order. */
  runTbts: number[];
}

async function lighthouseRun(port: number, url: string, cpuSlowdown?: number) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    // The mobile defaults but for the CPU: a slower phone (or machine) than Lighthouse's 4×.
    ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
  });
  return result!.lhr;
}

/** The audits that cost a page points outside Performance, one Lighthouse run (what to look at). */
export async function lostPoints(url: string): Promise<string[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const lhr = await lighthouseRun(chrome.port, url);
    const lost: string[] = [];
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
          lost.push(`${id}: ${audit.title}`);
      }
    }
    return lost;
  } finally {
    await chrome.kill();
  }
}

/**
 * Lighthouse's mobile defaults, `runs` times a page; the run with the median performance stands for it.
 * `failed` receives a line for each run Lighthouse could not complete and that was made again.
 */
export async function lighthouseRuns(
  targets: Target[],
  runs: number,
  failed: string[] = [],
  cpuSlowdown?: number,
): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const rows: LighthouseRow[] = [];
  try {
    for (const { label, url } of targets) {
      const results: Omit<LighthouseRow, 'runScores' | 'runTbts'>[] = [];
      for (let run = 0; run < runs; run++) {
        // A run Lighthouse itself could not complete (it saw no navigation start or no paint in its
        // trace, now and then) measured nothing: it is made again, at most twice, and counted.
        let lhr = await lighthouseRun(chrome.port, url, cpuSlowdown);
        for (let again = 0; lhr.runtimeError && again < 2; again++) {
          console.log(`lighthouse ${label}: run failed (${lhr.runtimeError.code}), made again`);
          failed.push(`${label}: ${lhr.runtimeError.code}`);
          lhr = await lighthouseRun(chrome.port, url, cpuSlowdown);
        }
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        results.push({
          label,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          benchmarkIndex: lhr.environment.benchmarkIndex,
        });
        if (lhr.runtimeError) console.log(`lighthouse ${label}: run failed: ${lhr.runtimeError.code}`);
      }
      const runScores = results.map((result) => result.performance);
      const middle = median(runScores);
      const runTbts = results.map((result) => Math.round(result.tbt));
      rows.push({ ...results.find((result) => result.performance === middle)!, runScores, runTbts });
      console.log(`lighthouse ${label}: ${runScores.join(', ')}`);
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

/** The browser's own version, as Playwright reads it over the protocol ("156.0.8078.79"). */
export async function browserVersion(): Promise<string> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  try {
    return browser.version();
  } finally {
    await browser.close();
  }
}

export interface SizeRow {
  label: string;
  js: number;
  css: number;
  files: number;
}

/** What a first visit downloads (phone-sized window, nothing scrolled), gzipped at level 9. */
export async function firstLoadSizes(targets: Target[]): Promise<SizeRow[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  const rows: SizeRow[] = [];
  try {
    for (const { label, url } of targets) {
      const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
      const sizes: Promise<{ type: string; size: number }>[] = [];
      page.on('response', (response) => {
        const type = response.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        sizes.push(response.body().then((body) => ({ type, size: gzipSync(body, { level: 9 }).length })));
      });
      await page.goto(url, { waitUntil: 'networkidle' });
      const all = await Promise.all(sizes);
      const sum = (type: string) =>
        all.filter((item) => item.type === type).reduce((total, item) => total + item.size, 0);
      rows.push({ label, js: sum('script'), css: sum('stylesheet'), files: all.length });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

export interface AdminSize {
  js: number;
  css: number;
  files: number;
}

/** What /admin loads before its first screen: its entry and everything that imports statically. */
export function adminFirstLoad(dist = 'dist/web'): AdminSize {
  const { files } = firstLoad(dist, 'admin/index.html');
  const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const sum = (ext: string) =>
    files.filter((file) => file.endsWith(ext)).reduce((total, file) => total + gz(file), 0);
  return { js: sum('.js'), css: sum('.css'), files: files.length };
}
