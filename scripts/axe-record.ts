import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pageRouteOf } from '../src/shared/api-paths.ts';

// The record of the automatic accessibility checks, for the statement at /Accesibilidad.
//
// How it works, simply: every axe scan of the browser tests that passes (expectAccessible in
// e2e/fixtures.ts) appends one line `{"at": ISO instant, "path": page path}` to reports/axe-checks.jsonl
// (one line per write, so parallel workers never interleave a line). The build (vite.config.ts) reads
// the file once and writes its summary into the bundle: the newest check's instant and the page paths
// checked in the two hours before it (one run of the suite). The file lives under reports/, which git
// ignores: a build on a machine where the browser tests have not run (or a fresh clone) finds no file,
// and the page then says that no automatic check has been recorded yet. Nothing else reads it.

export const AXE_RECORD_FILE = 'reports/axe-checks.jsonl';
/** Checks this long before the newest one belong to the same run. */
const RUN_SPAN_MS = 2 * 60 * 60 * 1000;

/** What the statement shows of the last run: when it ended and the pages it checked. */
export interface AxeRecord {
  checkedAt: string;
  pages: string[];
}

/**
 * A path as the record keeps it: its route (`/Eventos/:slug`, `/Registro/:token`), so neither a mail
 * link's token nor the names of what the tests made up ever reach the statement.
 */
export function recordedPath(pathname: string): string {
  return pageRouteOf(pathname);
}

/** Appends one passed check of `pathname`. */
export function appendAxeCheck(pathname: string, at = new Date(), file = AXE_RECORD_FILE): void {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify({ at: at.toISOString(), path: recordedPath(pathname) })}\n`);
}

/** The last run's summary, or null when there is no file or no valid line in it. */
export function readAxeRecord(file = AXE_RECORD_FILE): AxeRecord | null {
  if (!existsSync(file)) return null;
  const checks: { at: number; path: string }[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    try {
      const parsed = JSON.parse(line) as { at?: unknown; path?: unknown };
      const at = typeof parsed.at === 'string' ? Date.parse(parsed.at) : NaN;
      if (Number.isFinite(at) && typeof parsed.path === 'string' && parsed.path.startsWith('/')) {
        checks.push({ at, path: recordedPath(parsed.path) });
      }
    } catch {
      // A line cut short (a run stopped while writing) is skipped.
    }
  }
  if (checks.length === 0) return null;
  const newest = Math.max(...checks.map((check) => check.at));
  const pages = new Set(checks.filter((check) => check.at > newest - RUN_SPAN_MS).map((check) => check.path));
  return { checkedAt: new Date(newest).toISOString(), pages: [...pages].sort() };
}
