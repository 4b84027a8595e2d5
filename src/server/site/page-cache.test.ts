import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';

/** A build whose server bundle lists the event names it was given, like the real one renders them. */
function fakeBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'site-build-'));
  mkdirSync(join(root, 'web'));
  mkdirSync(join(root, 'ssr'));
  writeFileSync(
    join(root, 'web', 'index.html'),
    '<!doctype html><html lang="es-MX"><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    join(root, 'ssr', 'entry-server.js'),
    `export const pageModules = {};
export async function render(url, data) {
  return { html: '<ul>' + data.events.map((e) => '<li>' + e.name + '</li>').join('') + '</ul>', head: '<title>t</title>', state: '{}' };
}`,
  );
  return join(root, 'web');
}

describe('server-rendered pages', () => {
  let t: TestApp;
  let admin: Browser;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { webDist: fakeBuild() });
    admin = new Browser(t.app);
    await admin.login();
  });
  afterAll(async () => t.close());

  const event = (name: string) => ({
    name,
    location: 'CDMX',
    date: 'pronto',
    eventDate: '2099-01-01T10:00:00Z',
    description: 'x',
    images: [],
    imageCover: [],
    linkEvent: 'https://example.org',
  });

  it('hold the current content, and change as soon as content changes', async () => {
    await admin.request('POST', '/api/events/create', { event: event('Primer taller') });
    const first = await t.app.inject('/Inicio');
    expect(first.body).toContain('<div id="root"><ul><li>Primer taller</li></ul></div>');
    expect(first.body).toContain('<script type="application/json" id="initial-data">{}</script>');

    // A second request is served from the cache...
    expect((await t.app.inject('/Inicio')).body).toBe(first.body);
    // ...until an admin changes the content.
    await admin.request('POST', '/api/events/create', { event: event('Segundo taller') });
    expect((await t.app.inject('/Inicio')).body).toContain('<li>Primer taller</li><li>Segundo taller</li>');
  });
});
