import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../../shared/messages.ts';
import type { App } from '../../app.ts';
import { dataSecurityHeaders, helmetOptions, securityHeaders } from '../../plugins/security-headers.ts';
import { Browser, cookieHeader, createTestApp, type TestApp } from '../app.ts';
import { testDialects } from '../databases.ts';

function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="es-MX"><div id="root"></div></html>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
  return dir;
}

type Send = (app: App, browser: Browser) => Promise<LightMyRequestResponse>;
type Case = [kind: string, status: number, send: Send];
const get =
  (url: string): Send =>
  (app) =>
    app.inject({ method: 'GET', url });

const EVERY_SECURITY_HEADER = securityHeaders(helmetOptions(true));

/** The answers that are not under /api/: the browser may show them as pages. */
const PAGE_KINDS = new Set(['page', 'redirect', 'asset', 'missing asset']);

/** One request for every kind of answer the server gives. */
const CASES: Case[] = [
  ['page', 200, get('/Inicio')],
  ['public list', 200, get('/api/events/get-all')],
  [
    'list the client holds (304)',
    304,
    async (app) => {
      const { etag } = (await app.inject({ url: '/api/events/get-all' })).headers;
      return app.inject({ url: '/api/events/get-all', headers: { 'if-none-match': String(etag) } });
    },
  ],
  ['redirect', 302, get('/')],
  ['asset', 200, get('/assets/index-abc123.js')],
  ['missing asset', 404, get('/assets/nada.js')],
  ['API', 200, get('/api/health')],
  ['API not found', 404, get('/api/nada')],
  ['unauthorised', 401, get('/api/auth/me')],
  [
    'login over plain http',
    403,
    (app, b) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { cookie: cookieHeader(b.jar), 'x-xsrf-token': b.token },
        payload: { email: 'nadie@example.org', password: 'una-contraseña-cualquiera' },
      }),
  ],
  ['CSRF refused', 403, (app) => app.inject({ method: 'POST', url: '/api/mail/contact', payload: {} })],
  [
    'invalid JSON',
    400,
    (app, b) =>
      app.inject({
        method: 'POST',
        url: '/api/mail/contact',
        headers: { cookie: cookieHeader(b.jar), 'x-xsrf-token': b.token, 'content-type': 'application/json' },
        payload: '{"data":',
      }),
  ],
  [
    'wrong content type',
    415,
    (app, b) =>
      app.inject({
        method: 'POST',
        url: '/api/mail/contact',
        headers: { cookie: cookieHeader(b.jar), 'x-xsrf-token': b.token, 'content-type': 'text/plain' },
        payload: 'hola',
      }),
  ],
  [
    'too large',
    413,
    (app, b) =>
      app.inject({
        method: 'POST',
        url: '/api/mail/contact',
        headers: { cookie: cookieHeader(b.jar), 'x-xsrf-token': b.token, 'content-type': 'application/json' },
        payload: JSON.stringify({ data: { fullName: 'x'.repeat(300_000) } }),
      }),
  ],
  ['server error', 500, get('/api/news/get-all')],
];

describe.each(testDialects)('security headers and error bodies in production, on %s', (dialect) => {
  let t: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: 'production', webDist: fakeWebBuild() });
    browser = new Browser(t.app);
    await browser.csrf();
    // A table the app needs is gone: the one way left to make it fail from outside.
    await sql`drop table news`.execute(t.app.db);
  });
  afterAll(async () => t?.close());

  it.each(CASES.filter(([kind]) => PAGE_KINDS.has(kind)))(
    "sends the pages' security headers on a %s answer (%i)",
    async (_kind, status, send) => {
      const response = await send(t.app, browser);
      expect(response.statusCode).toBe(status);
      const headers = response.headers;
      const csp = String(headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc).toContain("'self'");
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(scriptSrc).not.toContain('unsafe-eval');
      expect(csp).toMatch(/default-src 'self'/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).toMatch(/object-src 'none'/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      expect(headers['x-powered-by']).toBeUndefined();
      // Not some of them: every header helmet sets, with the same value.
      expect(headers).toMatchObject(EVERY_SECURITY_HEADER);
    },
  );

  it.each(CASES.filter(([kind]) => !PAGE_KINDS.has(kind)))(
    "sends the data answers' security headers on an API %s answer (%i)",
    async (_kind, status, send) => {
      const response = await send(t.app, browser);
      expect(response.statusCode).toBe(status);
      const headers = response.headers;
      // Opened as a page, nothing in it may load or run, and no site may frame it.
      expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(headers['strict-transport-security']).toBe(EVERY_SECURITY_HEADER['strict-transport-security']);
      expect(headers['x-powered-by']).toBeUndefined();
      expect(headers).toMatchObject(dataSecurityHeaders(EVERY_SECURITY_HEADER));
      // What only governs a document is left off (decision 023).
      for (const name of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection']) {
        expect(headers[name], name).toBeUndefined();
      }
    },
  );

  it.each(CASES.filter(([, status]) => status >= 400))(
    'answers a %s error without stack, SQL or internals',
    async (_kind, status, send) => {
      const response = await send(t.app, browser);
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.body;
      expect(body).not.toMatch(/\bat .*\.(ts|js):\d+|node_modules|stack/i);
      expect(body).not.toMatch(
        /select |from "?news|no such table|relation .* does not exist|SQLITE|syntax|Unexpected/i,
      );
      const { error } = response.json();
      expect(Object.keys(error).sort()).toEqual(expect.arrayContaining(['code', 'message']));
      if (status === 500) expect(error).toEqual({ code: 'INTERNAL', message: apiMessages.internal });
    },
  );
});

describe('HSTS only where there is HTTPS', () => {
  it('is left out outside production, where the site runs on plain http://localhost', async () => {
    const t = await createTestApp('sqlite', { webDist: fakeWebBuild() });
    for (const url of ['/Inicio', '/api/health', '/api/nada']) {
      expect((await t.app.inject(url)).headers['strict-transport-security']).toBeUndefined();
    }
    await t.close();
  });
});
