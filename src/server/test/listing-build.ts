import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A build whose server bundle lists the events and news it was given, as the real one renders them. */
export function listingBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'site-build-'));
  mkdirSync(join(root, 'web'));
  mkdirSync(join(root, 'ssr'));
  writeFileSync(
    join(root, 'web', 'index.html'),
    '<!doctype html><html lang="es-MX"><head><title>x</title><script type="module" crossorigin src="/assets/x.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    join(root, 'ssr', 'entry-server.js'),
    `export const pageModules = {};
export async function render(url, data) {
  const names = [...data.events, ...data.news].map((e) => '<li>' + e.name + '</li>').join('');
  return { html: '<p>' + url + '</p><ul>' + names + '</ul>', head: '<title>t</title><script type="application/ld+json">{}</script>', state: '{}' };
}`,
  );
  return join(root, 'web');
}
