import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

const ADMIN_HTML =
  '<!doctype html><html lang="es-MX"><title>Administración del sitio</title><div id="admin-root"></div></html>';

describe('the admin page', () => {
  let built: TestApp;
  let bare: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'admin-site-'));
    mkdirSync(join(webDist, 'admin'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(webDist, 'admin', 'index.html'), ADMIN_HTML);
    built = await createTestApp('sqlite', { webDist });
    bare = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await built.close();
    await bare.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers /admin and every path below it with the built admin, never cached, never indexed', async () => {
    for (const url of ['/admin', '/admin/', '/admin/eventos/123']) {
      const response = await built.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(ADMIN_HTML);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      // The public pages' policy, unchanged: the admin needs nothing more.
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('says the admin is not built when it is not, instead of the public pages', async () => {
    const response = await bare.app.inject({ method: 'GET', url: '/admin' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('La administración no está compilada');
  });
});
