import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/messages.ts';
import { Browser, TEST_ADMIN, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the right password and refuses others', async () => {
    const hash = await hashPassword('correcto-caballo-batería');
    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain('correcto');
    expect(await verifyPassword('correcto-caballo-batería', hash)).toBe(true);
    expect(await verifyPassword('incorrecto', hash)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
});

describe.each(testDialects)('admin session on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('creates the configured admin once, with a hashed password', async () => {
    const rows = await t.app.db.selectFrom('admins').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe(TEST_ADMIN.email);
    expect(rows[0]!.password_hash).not.toContain(TEST_ADMIN.password);
  });

  it('logs in, answers /me, and logs out destroying the session server-side', async () => {
    const browser = new Browser(t.app);
    expect((await browser.request('GET', '/api/auth/me')).statusCode).toBe(401);

    const login = await browser.login();
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ data: { id: expect.any(String), email: TEST_ADMIN.email } });
    const cookie = login.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(await t.app.db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);

    const me = await browser.request('GET', '/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(TEST_ADMIN.email);

    const stolen = browser.jar.sid!;
    expect((await browser.request('POST', '/api/auth/logout')).statusCode).toBe(200);
    expect(await t.app.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `sid=${stolen}` },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('gives a new session id at login (no fixation)', async () => {
    const browser = new Browser(t.app);
    await browser.login();
    const first = browser.jar.sid;
    await browser.login();
    expect(browser.jar.sid).toBeDefined();
    expect(browser.jar.sid).not.toBe(first);
  });

  it('answers one generic message for a wrong password and an unknown account, then rate-limits', async () => {
    const limitedApp = await createTestApp(dialect, { loginRateLimit: 2 });
    const browser = new Browser(limitedApp.app);
    const wrong = await browser.login(TEST_ADMIN.email, 'equivocada');
    const unknown = await browser.login('nadie@example.org', 'equivocada');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe(apiMessages.badCredentials);
    }
    const limited = await browser.login('otra@example.org', 'x');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({ code: 'RATE_LIMITED', message: apiMessages.rateLimited });
    await limitedApp.close();
  });

  it('replaces a session id planted before login, and the planted one stays worthless', async () => {
    const attacker = new Browser(t.app);
    await attacker.login();
    const planted = attacker.jar.sid!;
    expect((await attacker.request('POST', '/api/auth/logout')).statusCode).toBe(200);

    const victim = new Browser(t.app);
    victim.jar.sid = planted;
    expect((await victim.login()).statusCode).toBe(200);
    expect(victim.jar.sid).toBeDefined();
    expect(victim.jar.sid).not.toBe(planted);
    const replay = await t.app.inject({ url: '/api/auth/me', headers: { cookie: `sid=${planted}` } });
    expect(replay.statusCode).toBe(401);
  });

  it('rate-limits failed logins to one account even when they come from many addresses', async () => {
    const limitedApp = await createTestApp(dialect, { loginRateLimit: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const browser = new Browser(limitedApp.app);
      await browser.csrf();
      const response = await limitedApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `203.0.113.${i + 1}`,
        headers: { cookie: `_csrf=${browser.jar._csrf}`, 'x-xsrf-token': browser.token },
        payload: { email: TEST_ADMIN.email.toUpperCase(), password: 'equivocada' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    await limitedApp.close();
  });

  it('marks every cookie Secure in production, and the session one HttpOnly and SameSite=Lax', async () => {
    const production = await createTestApp(dialect, { env: 'production', trustProxy: true });
    const browser = new Browser(production.app);
    const https = { 'x-forwarded-proto': 'https' };
    const csrf = await production.app.inject({ url: '/api/csrf', headers: https });
    for (const cookie of csrf.cookies) {
      browser.jar[cookie.name] = cookie.value;
      expect(cookie, cookie.name).toMatchObject({ secure: true, sameSite: 'Lax', path: '/' });
    }
    browser.token = csrf.json().data.token;
    const login = await browser.request('POST', '/api/auth/login', TEST_ADMIN, https);
    expect(login.statusCode).toBe(200);
    const sid = login.cookies.find((cookie) => cookie.name === 'sid');
    expect(sid).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(csrf.cookies.find((cookie) => cookie.name === '_csrf')).toMatchObject({ httpOnly: true });
    // The CSRF token cookie is the one the web client must read.
    expect(csrf.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.httpOnly).toBeFalsy();
    await production.close();
  });
});
