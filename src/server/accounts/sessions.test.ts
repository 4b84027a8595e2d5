import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/messages.ts';
import { Browser, TEST_ADMIN, cookieHeader, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { ACCOUNT_ATTEMPTS } from './attempt-limit.ts';

/** A short absolute lifetime, so the test sees it pass. */
const MAX_MS = 3_000;

describe.each(testDialects)('session lifetimes and secrets on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // Idle lifetime long, absolute lifetime short: only the absolute one can end the session here.
    t = await createTestApp(dialect, { sessionTtlMs: 3_600_000, sessionMaxMs: MAX_MS });
  });
  afterAll(async () => t.close());

  it('ends a session at its absolute lifetime however active it is', async () => {
    const browser = new Browser(t.app);
    expect((await browser.login()).statusCode).toBe(200);
    const started = Date.now();
    const statuses: number[] = [];
    let firstRefusal: LightMyRequestResponse | undefined;
    while (Date.now() - started < MAX_MS + 6_000 && !firstRefusal) {
      const response = await browser.request('GET', '/api/auth/me');
      statuses.push(response.statusCode);
      if (response.statusCode === 401) firstRefusal ??= response;
      await sleep(250);
    }
    expect(statuses[0]).toBe(200);
    expect(statuses.at(-1)).toBe(401);
    expect(firstRefusal?.json().error).toEqual({
      code: 'SESSION_EXPIRED',
      message: apiMessages.sessionExpired,
    });
    // Requests kept coming every quarter second, and it still ended; once ended it stays ended.
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(2);
    expect((await browser.request('GET', '/api/auth/me')).statusCode).toBe(401);
    const row = await t.app.db.selectFrom('sessions').select('expires_at').executeTakeFirst();
    expect(row === undefined || Date.parse(row.expires_at) <= started + MAX_MS).toBe(true);
  }, 60_000);

  it('tells an expired session apart from no session and from a logout', async () => {
    const stranger = await new Browser(t.app).request('GET', '/api/auth/me');
    expect(stranger.json().error.code).toBe('UNAUTHORIZED');
    const browser = new Browser(t.app);
    await browser.login();
    const logout = await browser.request('POST', '/api/auth/logout');
    expect(logout.cookies.find((cookie) => cookie.name === 'sid')?.value).toBe('');
    expect(browser.jar.sid).toBeUndefined();
    expect((await browser.request('GET', '/api/auth/me')).json().error.code).toBe('UNAUTHORIZED');
  });

  it('signs the CSRF secret cookie and refuses a secret without its signature', async () => {
    const browser = new Browser(t.app);
    await browser.csrf();
    const signed = browser.jar._csrf!;
    const unsigned = t.app.unsignCookie(signed);
    expect(unsigned.valid).toBe(true);
    expect(unsigned.value).not.toBe(signed);
    const planted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `_csrf=${unsigned.value}`, 'x-xsrf-token': browser.token },
    });
    expect(planted.statusCode).toBe(403);
    expect((await browser.request('POST', '/api/auth/logout')).statusCode).toBe(200);
  });

  it('renews the CSRF secret at login, so a token from before it is worthless after', async () => {
    const browser = new Browser(t.app);
    const before = await browser.csrf();
    const secretBefore = browser.jar._csrf;
    expect((await browser.login()).statusCode).toBe(200);
    expect(browser.jar._csrf).not.toBe(secretBefore);
    expect(browser.token).not.toBe(before);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: cookieHeader(browser.jar), 'x-xsrf-token': before },
    });
    expect(stale.statusCode).toBe(403);
  });
});

describe.each(testDialects)('password change on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('gives the session a new id and ends the old one', async () => {
    const browser = new Browser(t.app);
    await browser.login();
    const oldSid = browser.jar.sid!;
    const changed = await browser.request('PUT', '/api/admin/me/password', {
      currentPassword: TEST_ADMIN.password,
      newPassword: 'una-clave-nueva-y-larga',
    });
    expect(changed.statusCode).toBe(200);
    expect(browser.jar.sid).toBeDefined();
    expect(browser.jar.sid).not.toBe(oldSid);
    expect((await browser.request('GET', '/api/auth/me')).statusCode).toBe(200);
    const replay = await t.app.inject({ url: '/api/auth/me', headers: { cookie: `sid=${oldSid}` } });
    expect(replay.statusCode).toBe(401);
    // Put the password back for the next test.
    const back = await browser.request('PUT', '/api/admin/me/password', {
      currentPassword: 'una-clave-nueva-y-larga',
      newPassword: TEST_ADMIN.password,
    });
    expect(back.statusCode).toBe(200);
  }, 60_000);

  it(`limits attempts at the current password to ${ACCOUNT_ATTEMPTS} per admin`, async () => {
    // An app of its own: the changes above count too.
    const own = await createTestApp(dialect);
    const browser = new Browser(own.app);
    await browser.login();
    const statuses: number[] = [];
    for (let i = 0; i <= ACCOUNT_ATTEMPTS; i++) {
      const response = await browser.request('PUT', '/api/admin/me/password', {
        currentPassword: `adivinanza-${i}`,
        newPassword: 'otra-clave-muy-larga',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // A new session of the same admin does not get a fresh allowance.
    const other = new Browser(own.app);
    await other.login();
    const again = await other.request('PUT', '/api/admin/me/password', {
      currentPassword: TEST_ADMIN.password,
      newPassword: 'otra-clave-muy-larga',
    });
    expect(again.statusCode).toBe(429);
    await own.close();
  }, 60_000);
});
