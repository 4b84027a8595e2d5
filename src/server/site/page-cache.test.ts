import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';

/** A build whose server bundle lists the event names it was given, like the real one renders them. */
function fakeBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'site-build-'));
  mkdirSync(join(root, 'web'));
  mkdirSync(join(root, 'ssr'));
  writeFileSync(
    join(root, 'web', 'index.html'),
    `<!doctype html><html lang="es-MX"><head><title>x</title></head><body><div id="root"></div><p>${'Energía que empodera. '.repeat(60)}</p></body></html>`,
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

const eventFields = {
  location: 'CDMX',
  date: 'pronto',
  eventDate: '2099-01-01T10:00:00Z',
  description: 'x',
  images: [],
  imageCover: [],
  linkEvent: 'https://example.org',
};

const event = (name: string) => ({ ...eventFields, name });

describe('server-rendered pages', () => {
  let t: TestApp;
  let admin: Browser;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { webDist: fakeBuild() });
    admin = new Browser(t.app);
    await admin.login();
  });
  afterAll(async () => t.close());

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

describe('pages and content lists prepared once for every visitor', () => {
  let t: TestApp;
  let admin: Browser;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { webDist: fakeBuild() });
    admin = new Browser(t.app);
    await admin.login();
    for (let i = 0; i < 12; i++) {
      await admin.request('POST', '/api/events/create', {
        event: event(`Taller número ${i} de energía solar comunitaria`),
      });
    }
  });
  afterAll(async () => t.close());

  for (const url of ['/Inicio', '/api/events/get-all']) {
    it(`${url}: br or gzip as the client takes, the same ETag, and 304 for a copy it has`, async () => {
      const plain = await t.app.inject({ url });
      const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(br.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      for (const answer of [br, gzip]) {
        expect(answer.headers.etag).toBe(plain.headers.etag);
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
      }
      expect(plain.headers.etag).toMatch(/^W\/"/);
      for (const ifNoneMatch of [String(plain.headers.etag), `W/"older", ${plain.headers.etag}`]) {
        const again = await t.app.inject({
          url,
          headers: { 'if-none-match': ifNoneMatch, 'accept-encoding': 'gzip, br' },
        });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(plain.headers.etag);
      }
      const stale = await t.app.inject({ url, headers: { 'if-none-match': 'W/"older"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(plain.body);
    });
  }

  it('serves a list that changes as soon as its content changes, through its schema', async () => {
    const before = await t.app.inject('/api/events/get-all');
    const created = await admin.request('POST', '/api/events/create', {
      event: { ...eventFields, name: 'Nuevo' },
    });
    expect(created.statusCode).toBe(201);
    const after = await t.app.inject('/api/events/get-all');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const names = after.json<{ data: { name: string }[] }>().data.map((event) => event.name);
    expect(names).toContain('Nuevo');
    // Only the schema's fields, and the same body as the server serialised before lists were cached.
    expect(Object.keys(after.json<{ data: object[] }>().data[0]!).sort()).toEqual(
      [
        'date',
        'description',
        'eventDate',
        'id',
        'imageCover',
        'images',
        'linkEvent',
        'location',
        'name',
        'registration',
        'slug',
      ].sort(),
    );
    expect(after.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});

/** A build whose server bundle counts its renderings and says which one made the page. */
function countingBuild(): string {
  const web = fakeBuild();
  writeFileSync(
    join(web, '..', 'ssr', 'entry-server.js'),
    `export const pageModules = {};
export async function render() {
  globalThis.renderings = (globalThis.renderings ?? 0) + 1;
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { html: '<p>rendering ' + globalThis.renderings + '</p>', head: '<title>t</title>', state: '{}' };
}`,
  );
  return web;
}

describe('a page wanted by many visitors at once', () => {
  let t: TestApp;
  const renderings = () => (globalThis as { renderings?: number }).renderings ?? 0;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { webDist: countingBuild() });
  });
  afterAll(async () => t.close());
  afterEach(() => vi.useRealTimers());

  it('is rendered once for all of them', async () => {
    t.app.pageRenderer.invalidate();
    const before = renderings();
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.app.inject('/Inicio')));
    expect(renderings()).toBe(before + 1);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });

  it('keeps being served, once a minute old, while its next rendering is made', async () => {
    t.app.pageRenderer.invalidate();
    const first = await t.app.inject('/Inicio');
    const made = renderings();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    // The old copy at once, and one new rendering for both requests.
    const [old, alsoOld] = await Promise.all([t.app.inject('/Inicio'), t.app.inject('/Inicio')]);
    expect(old.body).toBe(first.body);
    expect(alsoOld.body).toBe(first.body);
    await vi.waitFor(() => expect(renderings()).toBe(made + 1));
    await vi.waitFor(async () =>
      expect((await t.app.inject('/Inicio')).body).toContain(`rendering ${made + 1}`),
    );
  });

  it('is never served from before a content change', async () => {
    const before = await t.app.inject('/Inicio');
    t.app.pageRenderer.invalidate();
    expect((await t.app.inject('/Inicio')).body).not.toBe(before.body);
  });
});
