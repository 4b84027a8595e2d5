import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payloadKeys, type Resource } from '../../shared/api-paths.ts';
import { testDialects } from '../test/databases.ts';
import { Browser, cookieHeader, createTestApp, type TestApp } from '../test/app.ts';

/** A build whose server bundle lists every entry's name, so a page shows each content change. */
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
  const names = [...data.events, ...data.news, ...data.partners].map((e) => '<li>' + e.name + '</li>').join('');
  return { html: '<ul>' + names + '</ul>', head: '<title>t</title>', state: '{}' };
}`,
  );
  return join(root, 'web');
}

const inputs: Record<Resource, (name: string) => Record<string, unknown>> = {
  events: (name) => ({
    name,
    location: 'CDMX',
    date: 'pronto',
    eventDate: '2099-01-01T10:00:00Z',
    description: 'Un taller de energía solar comunitaria para vecinas y vecinos del barrio.',
    images: [],
    imageCover: [],
    linkEvent: 'https://example.org',
  }),
  news: (name) => ({
    name,
    address: 'CDMX',
    description: `<p>${'Una noticia. '.repeat(30)}</p>`,
    images: [],
  }),
  partners: (name) => ({
    name,
    job: 'Ingeniera en energías renovables y directora de proyectos',
    images: [],
  }),
};
const resources = Object.keys(inputs) as Resource[];
const lists = resources.map((resource) => `/api/${resource}/get-all`);

const dataOf = (response: LightMyRequestResponse) =>
  response.json<{ data: { id: string; name: string }[] }>().data;

describe.each(testDialects)('what anonymous visitors read, on %s', (dialect) => {
  let t: TestApp;
  let admin: Browser;
  beforeAll(async () => {
    t = await createTestApp(dialect, { webDist: fakeBuild() });
    admin = new Browser(t.app);
    expect((await admin.login()).statusCode).toBe(200);
    // Enough entries for each list to be compressed.
    for (const resource of resources) {
      for (let i = 0; i < 10; i++) {
        const created = await admin.request('POST', `/api/${resource}/create`, {
          [payloadKeys[resource].createKey]: inputs[resource](`Entrada ${i} de ${resource}`),
        });
        expect(created.statusCode).toBe(201);
      }
    }
  });
  afterAll(async () => t?.close());

  it('sets no cookie on pages and lists, even for a visitor who brings session and CSRF cookies', async () => {
    const visitor = new Browser(t.app);
    await visitor.csrf();
    const cookies = cookieHeader({ ...visitor.jar, sid: 'una-sesion-que-no-existe' });
    for (const url of ['/Inicio', '/Membresias', ...lists]) {
      for (const headers of [{}, { cookie: cookies }]) {
        const response = await t.app.inject({ url, headers });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['set-cookie'], url).toBeUndefined();
      }
    }
  });

  it('answers 304 to the current ETag, and the same JSON in br, gzip and plain', async () => {
    for (const url of [...lists, '/Inicio']) {
      const plain = await t.app.inject({ url });
      const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(plain.body);
      expect(gunzipSync(gzip.rawPayload).toString(), url).toBe(plain.body);
      if (url !== '/Inicio') {
        expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
      }
      const again = await t.app.inject({ url, headers: { 'if-none-match': String(plain.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
      expect(again.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it.each(resources)('shows a change to %s in its list and pages right after the write', async (resource) => {
    const keys = payloadKeys[resource];
    const list = `/api/${resource}/get-all`;
    const names = async () => dataOf(await t.app.inject(list)).map((entry) => entry.name);
    const before = await t.app.inject(list);
    const page = await t.app.inject('/Inicio');

    const created = await admin.request('POST', `/api/${resource}/create`, {
      [keys.createKey]: inputs[resource]('Recién creada'),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ data: { id: string } }>().data.id;
    expect(await names()).toContain('Recién creada');
    const stale = await t.app.inject({
      url: list,
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(stale.statusCode).toBe(200);
    expect((await t.app.inject('/Inicio')).body).toContain('<li>Recién creada</li>');
    expect(page.body).not.toContain('Recién creada');

    const updated = await admin.request('PUT', `/api/${resource}/update`, {
      [keys.idKey]: id,
      [keys.dataKey]: inputs[resource]('Recién editada'),
    });
    expect(updated.statusCode).toBe(200);
    expect(await names()).toContain('Recién editada');
    expect(await names()).not.toContain('Recién creada');

    expect((await admin.request('DELETE', `/api/${resource}/delete/${id}`)).statusCode).toBe(200);
    expect(await names()).not.toContain('Recién editada');
    expect((await t.app.inject('/Inicio')).body).not.toContain('Recién editada');
    expect((await t.app.inject(list)).body).toBe(before.body);
  });

  it("still serves the admin's own reads from her session, and rolls it", async () => {
    const me = await admin.request('GET', '/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.cookies.map((cookie) => cookie.name)).toContain('sid');
    expect((await admin.request('GET', '/api/admin/requests')).statusCode).toBe(200);
    const stranger = new Browser(t.app);
    expect((await stranger.request('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await stranger.request('GET', '/api/admin/requests')).statusCode).toBe(401);
  });

  it('still refuses unsafe requests without the CSRF token, even from the admin', async () => {
    const withoutToken = { cookie: cookieHeader(admin.jar), 'x-xsrf-token': '' };
    const writes = [
      { method: 'POST', url: '/api/events/create', payload: { event: inputs.events('Sin token') } },
      { method: 'PUT', url: '/api/news/update', payload: { newsId: 'x', newsData: inputs.news('x') } },
      { method: 'DELETE', url: '/api/partners/delete/x' },
      { method: 'POST', url: '/api/mail/contact', payload: { data: {} } },
      { method: 'POST', url: '/api/auth/logout' },
    ] as const;
    for (const write of writes) {
      const response = await t.app.inject({ ...write, headers: withoutToken });
      expect(response.statusCode, write.url).toBe(403);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('CSRF_INVALID');
    }
    expect(dataOf(await t.app.inject('/api/events/get-all')).map((event) => event.name)).not.toContain(
      'Sin token',
    );
    expect((await admin.request('GET', '/api/auth/me')).statusCode).toBe(200);
  });
});

describe('anonymous reads in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: 'production', webDist: fakeBuild() });
  });
  afterAll(async () => t?.close());

  it('carry HSTS and no cookie; the CSRF cookies a form needs are still Secure', async () => {
    for (const url of ['/Inicio', ...lists]) {
      const response = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const csrf = await t.app.inject('/api/csrf');
    expect(csrf.cookies.length).toBeGreaterThan(0);
    for (const cookie of csrf.cookies) expect(cookie.secure, cookie.name).toBe(true);
  });
});
