import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../shared/messages.ts';
import { Browser, createTestApp, type TestApp } from './test/app.ts';
import { loadConfig } from './config.ts';

function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="es-MX"><div id="root"></div></html>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('the HTTP surface', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { webDist: fakeWebBuild() });
  });
  afterAll(async () => t.close());

  it('answers health while the database answers', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it.each(['/Inicio', '/Membresias', '/Socias', '/Aportaciones', '/AvisoDePrivacidad'])(
    'serves %s as the app',
    async (url) => {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it.each(['/', '/inicio-viejo', '/Eventos', '/wp-admin'])('redirects %s to /Inicio', async (url) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/Inicio');
  });

  it.each(['/assets/missing.js', '/nope.png', '/api/nope', '/api', '/api/events/unknown'])(
    'answers %s with a JSON 404',
    async (url) => {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    },
  );

  it('caches hashed assets for a year and other files briefly', async () => {
    const asset = await t.app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    expect((await t.app.inject('/Inicio')).headers['cache-control']).toBe('no-cache');
  });

  it('sends security headers with a strict CSP', async () => {
    for (const url of ['/Inicio', '/assets/index-abc123.js']) {
      const headers = (await t.app.inject(url)).headers;
      const csp = String(headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain('frame-src https://www.youtube-nocookie.com');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
    // The API's answers are data: nothing may load or run in them (decision 023).
    for (const url of ['/api/health', '/api/nope']) {
      const headers = (await t.app.inject(url)).headers;
      expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('compresses large answers', async () => {
    const response = await t.app.inject({
      url: '/api/events/get-all',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
  });

  describe('bad requests', () => {
    const browser = () => new Browser(t.app);

    it('answers invalid JSON with 400', async () => {
      const b = browser();
      const response = await b.request('POST', '/api/mail/contact', undefined, {
        'content-type': 'application/json',
      });
      expect(response.statusCode).toBe(400);
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/mail/contact',
        headers: {
          'content-type': 'application/json',
          cookie: `_csrf=${b.jar._csrf}`,
          'x-xsrf-token': b.token,
        },
        payload: '{"data": ',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error).toEqual({ code: 'INVALID_JSON', message: apiMessages.invalidJson });
    });

    it('answers a wrong content type with 415', async () => {
      const b = browser();
      await b.csrf();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/mail/contact',
        headers: { 'content-type': 'text/plain', cookie: `_csrf=${b.jar._csrf}`, 'x-xsrf-token': b.token },
        payload: 'hola',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('answers a body over the limit with 413', async () => {
      const b = browser();
      const response = await b.request('POST', '/api/mail/contact', {
        data: { fullName: 'x'.repeat(400_000) },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('refuses prototype pollution keys', async () => {
      const b = browser();
      await b.csrf();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/mail/contact',
        headers: {
          'content-type': 'application/json',
          cookie: `_csrf=${b.jar._csrf}`,
          'x-xsrf-token': b.token,
        },
        payload: '{"data":{"__proto__":{"admin":true}}}',
      });
      expect(response.statusCode).toBe(400);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });
  });
});

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'data/site.db',
      seedDemo: true,
      contactRateLimit: 5,
      logRequests: 'notable',
    });
    expect(loadConfig({ LOG_REQUESTS: 'all' }).logRequests).toBe('all');
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ SMTP_URL: 'http://x' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@example.org' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ LOG_REQUESTS: 'some' })).toThrow(/LOG_REQUESTS/);
  });

  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'x'.repeat(40),
    SITE_URL: 'https://example.org',
  };

  it('reads the session lifetimes and the second-factor requirement', () => {
    expect(loadConfig({})).toMatchObject({
      sessionTtlMs: 8 * 3_600_000,
      sessionMaxMs: 12 * 3_600_000,
      adminRequireSecondFactor: false,
    });
    expect(loadConfig({ SESSION_MAX_HOURS: '2', ADMIN_REQUIRE_2FA: 'true' })).toMatchObject({
      sessionMaxMs: 2 * 3_600_000,
      adminRequireSecondFactor: true,
    });
    expect(() => loadConfig({ SESSION_MAX_HOURS: '0' })).toThrow(/SESSION_MAX_HOURS/);
    expect(() => loadConfig({ ADMIN_REQUIRE_2FA: 'quizá' })).toThrow(/ADMIN_REQUIRE_2FA/);
  });

  it('refuses the published development secret where others could reach the server', () => {
    // Outside production, on this machine only, the development secret keeps `npm start` simple.
    for (const HOST of ['127.0.0.1', 'localhost', '::1']) expect(loadConfig({ HOST }).host).toBe(HOST);
    for (const HOST of ['0.0.0.0', '192.0.2.10', '::']) {
      expect(() => loadConfig({ HOST }), HOST).toThrow(/SESSION_SECRET: es obligatoria cuando HOST/);
      expect(loadConfig({ HOST, SESSION_SECRET: 'y'.repeat(40) }).host).toBe(HOST);
    }
    const published = loadConfig({}).sessionSecret;
    expect(() => loadConfig({ ...production, SESSION_SECRET: published })).toThrow(
      /SESSION_SECRET: es el valor público de desarrollo/,
    );
  });

  it('turns the demo seed off in production', () => {
    expect(loadConfig(production).seedDemo).toBe(false);
  });

  it('requires an https SITE_URL in production, and names every missing variable at once', () => {
    expect(() => loadConfig({ ...production, SITE_URL: undefined })).toThrow(/SITE_URL: es obligatoria/);
    expect(() => loadConfig({ ...production, SITE_URL: 'http://example.org' })).toThrow(/https:\/\//);
    const both = () => loadConfig({ NODE_ENV: 'production' });
    expect(both).toThrow(/SESSION_SECRET/);
    expect(both).toThrow(/SITE_URL/);
    expect(loadConfig(production).siteUrl).toBe('https://example.org');
    expect(loadConfig({ SITE_URL: 'https://example.org/' }).siteUrl).toBe('https://example.org');
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxies, and refuses to trust every hop', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.1.0/24,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '192.168.1.0/24',
      '::1',
      'loopback',
    ]);
    for (const wrong of ['true', 'yes', '10.0.0.300', '10.0.0.0/33', 'proxy.example.org', '1.2.3.4/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(
        /TRUST_PROXY: debe ser false, un número/,
      );
    }
  });
});
