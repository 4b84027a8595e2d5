import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';

// A server bundle that writes what a page is given (its private data and its form answer) into its
// HTML, so a test reads what the page shows without building the web app.
const ENTRY = `
export const pageModules = {};
export async function render(url, data) {
  const json = JSON.stringify({ private: data.private ?? null, form: data.form ?? null }).replace(/</g, '\\\\u003c');
  return { html: '<main data-page="' + url + '"><script type="application/json" id="page">' + json + '</script></main>', head: '<title>t</title>', state: '{}' };
}
`;

/** A web root with that bundle beside it (give `webDist` to the app's config); `remove()` afterwards. */
export function pageDataBundle(): { webDist: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'page-data-'));
  mkdirSync(join(dir, 'web'));
  mkdirSync(join(dir, 'ssr'));
  writeFileSync(
    join(dir, 'web', 'index.html'),
    '<html><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'ssr', 'entry-server.js'), ENTRY);
  return { webDist: join(dir, 'web'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** What a page drawn by that bundle was given. */
export function drawnWith<T = Record<string, unknown>>(
  response: LightMyRequestResponse,
): { private: T | null; form: { kind: string; message?: string } | null; path: string } {
  const path = /data-page="([^"]*)"/.exec(response.body)?.[1];
  const json = /<script type="application\/json" id="page">(.*?)<\/script>/s.exec(response.body)?.[1];
  if (path === undefined || json === undefined)
    throw new Error(`not a drawn page: ${response.body.slice(0, 200)}`);
  return { ...(JSON.parse(json) as { private: T | null; form: null }), path };
}
