import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../../shared/messages.ts';
import { Browser, TEST_ADMIN, createTestApp, type TestApp } from '../app.ts';

// In production the session cookie is Secure: a login the browser would get no cookie for is refused
// with what to configure, rather than answered 200 with a session nobody can use.
describe('admin login in production', () => {
  describe('with no trusted proxy', () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await createTestApp('sqlite', { env: 'production' });
    });
    afterAll(async () => test.close());

    it('refuses a login over plain http, before the CSRF check, saying to use https or set TRUST_PROXY', async () => {
      const browser = new Browser(test.app);
      for (const headers of [{}, { 'x-forwarded-proto': 'https' }] as Record<string, string>[]) {
        const response = await browser.request('POST', '/api/auth/login', TEST_ADMIN, headers);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          error: { code: 'HTTPS_REQUIRED', message: apiMessages.httpsRequired },
        });
        expect(apiMessages.httpsRequired).toMatch(/TRUST_PROXY/);
        expect(response.cookies.find((cookie) => cookie.name.endsWith('sid'))).toBeUndefined();
      }
      // Without any CSRF token at all, the answer is still the one that says what is wrong.
      const bare = await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: TEST_ADMIN });
      expect(bare.json().error.code).toBe('HTTPS_REQUIRED');
    });

    it('leaves the rest of the API alone', async () => {
      expect((await test.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect((await test.app.inject({ url: '/api/events/get-all' })).statusCode).toBe(200);
    });
  });

  describe('behind one trusted https proxy', () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await createTestApp('sqlite', { env: 'production', trustProxy: 1 });
    });
    afterAll(async () => test.close());

    it('logs in when the proxy says the request came over https, and refuses when it says http', async () => {
      const browser = new Browser(test.app);
      const https = { 'x-forwarded-proto': 'https' };
      await browser.request('GET', '/api/csrf', undefined, https);
      const login = await browser.request('POST', '/api/auth/login', TEST_ADMIN, https);
      expect(login.statusCode).toBe(200);
      // Prefixed, so a sibling subdomain can neither plant nor overwrite them; the browser takes a
      // __Host- cookie only with Secure, Path=/ and no Domain.
      const hostOnly = { secure: true, path: '/' };
      expect(login.cookies.find((cookie) => cookie.name === '__Host-sid')).toMatchObject(hostOnly);
      expect(login.cookies.find((cookie) => cookie.name === '__Host-_csrf')).toMatchObject(hostOnly);
      expect(login.cookies.some((cookie) => cookie.name === 'sid' || cookie.name === '_csrf')).toBe(false);
      expect(login.cookies.some((cookie) => cookie.name.startsWith('__Host-') && cookie.domain)).toBe(false);
      // The session is read back under its prefixed name, and a logout clears it.
      expect((await browser.request('GET', '/api/auth/me', undefined, https)).statusCode).toBe(200);
      const logout = await browser.request('POST', '/api/auth/logout', undefined, https);
      expect(logout.cookies.find((cookie) => cookie.name === '__Host-sid')?.value).toBe('');

      const plain = await browser.request('POST', '/api/auth/login', TEST_ADMIN, {
        'x-forwarded-proto': 'http',
      });
      expect(plain.statusCode).toBe(403);
      expect(plain.json().error.code).toBe('HTTPS_REQUIRED');
    });
  });
});
