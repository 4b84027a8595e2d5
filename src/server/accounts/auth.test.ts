import { spawnSync } from 'node:child_process';
import { scryptSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/messages.ts';
import { Browser, TEST_ADMIN, cookieHeader, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { PASSWORD_COST, hashPassword, verifyPassword } from './password.ts';

const PASSWORD_MODULE = fileURLToPath(new URL('./password.ts', import.meta.url));

describe('password hashing', () => {
  it('hashes at the real cost in a process that does not lower it, and refuses to lower it in production', () => {
    const script = (env: string) =>
      spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const p = await import(${JSON.stringify(PASSWORD_MODULE)}); ${env === 'production' ? 'try { p.usePasswordCostForTests({ N: 1024, r: 8, p: 1 }); console.log("lowered"); } catch (e) { console.log(e.message); }' : 'console.log(await p.hashPassword("una-contraseña-larga"));'}`,
        ],
        { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', NODE_ENV: env } },
      );
    const { N, r, p } = PASSWORD_COST;
    expect(script('development').stdout).toMatch(new RegExp(`^scrypt\\$${N}\\$${r}\\$${p}\\$`));
    expect(N).toBeGreaterThanOrEqual(2 ** 15);
    expect(script('production').stdout.trim()).toBe('The password cost is never changed in production');
  });

  it('verifies a hash of the real cost and one of the tests’ cost', async () => {
    const { N, r, p } = PASSWORD_COST;
    const salt = Buffer.alloc(16, 7);
    const key = scryptSync('correcto-caballo-batería', salt, 64, { N, r, p, maxmem: 64 * 1024 * 1024 });
    const real = ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
    expect(await verifyPassword('correcto-caballo-batería', real)).toBe(true);
    expect(await verifyPassword('incorrecto', real)).toBe(false);
    expect(await hashPassword('x')).toMatch(/^scrypt\$1024\$8\$1\$/);
  });

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
    expect(login.json()).toEqual({
      data: { id: expect.any(String), email: TEST_ADMIN.email, secondFactorRequired: false },
    });
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
    expect((await browser.login(TEST_ADMIN.email, 'otra-vez')).statusCode).toBe(401);
    const limited = await browser.login(TEST_ADMIN.email, 'y-otra');
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

  it("leaves the owner able to log in while a stranger's guesses from another address are refused", async () => {
    const limitedApp = await createTestApp(dialect, { loginRateLimit: 3 });
    const from = async (address: string, password: string) => {
      const browser = new Browser(limitedApp.app);
      await browser.csrf();
      return limitedApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: address,
        headers: { cookie: cookieHeader(browser.jar), 'x-xsrf-token': browser.token },
        payload: { email: TEST_ADMIN.email.toUpperCase(), password },
      });
    };
    const stranger: number[] = [];
    for (let i = 0; i < 5; i++) stranger.push((await from('203.0.113.9', 'equivocada')).statusCode);
    expect(stranger).toEqual([401, 401, 401, 429, 429]);

    const owner = await from('198.51.100.7', TEST_ADMIN.password);
    expect(owner.statusCode).toBe(200);

    const log = await limitedApp.app.db
      .selectFrom('audit_log')
      .select(['action', 'admin_email', 'detail'])
      .orderBy('created_at')
      .execute();
    expect(log.filter((row) => row.action === 'auth.login.failed')).toEqual(
      Array.from({ length: 3 }, () => ({
        action: 'auth.login.failed',
        admin_email: TEST_ADMIN.email,
        detail: 'Contraseña incorrecta (desde 203.0.113.9)',
      })),
    );
    expect(log.filter((row) => row.action === 'auth.login')).toEqual([
      { action: 'auth.login', admin_email: TEST_ADMIN.email, detail: 'Con contraseña (desde 198.51.100.7)' },
    ]);
    await limitedApp.close();
  }, 60_000);

  it('limits one address trying many accounts to three times the per-account allowance', async () => {
    const limitedApp = await createTestApp(dialect, { loginRateLimit: 2 });
    const browser = new Browser(limitedApp.app);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await browser.login(`persona${i}@example.org`, 'x')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    const unknown = await limitedApp.app.db
      .selectFrom('audit_log')
      .select(['admin_id', 'detail'])
      .where('action', '=', 'auth.login.failed')
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    expect(unknown).toEqual({
      admin_id: null,
      detail: 'Correo sin cuenta: persona0@example.org (desde 127.0.0.1)',
    });
    await limitedApp.close();
  }, 60_000);

  it('marks every cookie Secure in production, and the session one HttpOnly and SameSite=Lax', async () => {
    const production = await createTestApp(dialect, { env: 'production', trustProxy: 1 });
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
    const sid = login.cookies.find((cookie) => cookie.name === '__Host-sid');
    expect(sid).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(csrf.cookies.find((cookie) => cookie.name === '__Host-_csrf')).toMatchObject({ httpOnly: true });
    // The CSRF token cookie is the one the web client must read.
    expect(csrf.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.httpOnly).toBeFalsy();
    await production.close();
  });
});
