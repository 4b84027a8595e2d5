import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondFactorMessages } from '../../shared/messages.ts';
import { Browser, TEST_ADMIN, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { ACCOUNT_ATTEMPTS } from './attempt-limit.ts';

/** The code an authenticator app shows for `secret`, `offsetSeconds` from now. */
const codeFor = (secret: string, offsetSeconds = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSeconds * 1_000 });

/** Sets up the second factor for the browser's admin; returns the secret and the recovery codes. */
async function enrol(browser: Browser) {
  const setup = await browser.request('POST', '/api/admin/me/second-factor/setup');
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json().data as { secret: string };
  const enabled = await browser.request('POST', '/api/admin/me/second-factor/enable', {
    code: codeFor(secret),
  });
  expect(enabled.statusCode).toBe(200);
  return { secret, recoveryCodes: enabled.json().data.recoveryCodes as string[] };
}

describe.each(testDialects)('second factor on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('is set up with a QR code and the secret as text, confirmed by a code, and answered with recovery codes', async () => {
    const browser = new Browser(t.app);
    await browser.login();
    const before = await browser.request('GET', '/api/admin/me/second-factor');
    expect(before.json().data).toMatchObject({ enabled: false, required: false });

    const setup = await browser.request('POST', '/api/admin/me/second-factor/setup');
    const { secret, uri, qrCode } = setup.json().data as { secret: string; uri: string; qrCode: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]{32}/);
    expect(uri).toContain(encodeURIComponent(TEST_ADMIN.email));
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(qrCode.split(',')[1]!, 'base64').toString();
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<script|on\w+=/i);

    const wrong = await browser.request('POST', '/api/admin/me/second-factor/enable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ code: secondFactorMessages.badCode });

    const confirmation = codeFor(secret);
    const enabled = await browser.request('POST', '/api/admin/me/second-factor/enable', {
      code: confirmation,
    });
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    // Only hashes are stored.
    const stored = await t.app.db.selectFrom('admin_recovery_codes').select('code_hash').execute();
    expect(stored).toHaveLength(10);
    const storedText = JSON.stringify(stored);
    for (const code of codes) expect(storedText).not.toContain(code.replaceAll('-', ''));

    const after = await browser.request('GET', '/api/admin/me/second-factor');
    expect(after.json().data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    const audit = await t.app.db.selectFrom('audit_log').select('action').execute();
    expect(audit.map((row) => row.action)).toContain('me.second-factor.enable');

    // A second set-up while it is on is refused.
    expect((await browser.request('POST', '/api/admin/me/second-factor/setup')).statusCode).toBe(409);

    // Logging in now needs a code: the password alone opens nothing.
    const pending = new Browser(t.app);
    const login = await pending.login();
    expect(login.json().data.secondFactorRequired).toBe(true);
    expect((await pending.request('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await pending.request('GET', '/api/admin/requests')).statusCode).toBe(401);
    // The code used to confirm is spent; the next one the app shows works.
    const replayed = await pending.request('POST', '/api/auth/login/second-factor', { code: confirmation });
    expect(replayed.statusCode).toBe(401);
    const second = await pending.request('POST', '/api/auth/login/second-factor', {
      code: codeFor(secret, 30),
    });
    expect(second.statusCode).toBe(200);
    expect((await pending.request('GET', '/api/auth/me')).json().data).toMatchObject({
      secondFactorEnabled: true,
    });

    // A recovery code, typed loosely, works once.
    const [first] = codes as [string];
    const loose = first.toLowerCase().replaceAll('-', ' ');
    const withRecovery = new Browser(t.app);
    await withRecovery.login();
    const used = await withRecovery.request('POST', '/api/auth/login/second-factor', { code: loose });
    expect(used.statusCode).toBe(200);
    const again = new Browser(t.app);
    await again.login();
    const reused = await again.request('POST', '/api/auth/login/second-factor', { code: first });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.message).toBe(secondFactorMessages.badCode);

    const logins = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', 'in', ['auth.login', 'auth.login.failed'])
      .orderBy('created_at')
      .execute();
    expect(logins.map((row) => row.detail)).toEqual([
      'Con contraseña (desde 127.0.0.1)',
      'Código de verificación incorrecto (desde 127.0.0.1)',
      'Con contraseña y código de la aplicación (desde 127.0.0.1)',
      'Con contraseña y un código de recuperación (quedan 9) (desde 127.0.0.1)',
      'Código de verificación incorrecto (desde 127.0.0.1)',
    ]);

    // Turning it off needs the password and a code again (decision 035), and is audited.
    const badOff = await browser.request('POST', '/api/admin/me/second-factor/disable');
    expect(badOff.statusCode).toBe(403);
    expect((await browser.confirm(TEST_ADMIN.password, codes[1])).statusCode).toBe(200);
    const off = await browser.request('POST', '/api/admin/me/second-factor/disable');
    expect(off.statusCode).toBe(200);
    expect(await t.app.db.selectFrom('admin_recovery_codes').select('id').execute()).toHaveLength(0);
    const actions = (await t.app.db.selectFrom('audit_log').select('action').execute()).map(
      (row) => row.action,
    );
    expect(actions).toContain('me.second-factor.disable');
    expect(actions).not.toContain('me.second-factor.setup');
    const plain = new Browser(t.app);
    expect((await plain.login()).json().data.secondFactorRequired).toBe(false);
  }, 60_000);

  it(`limits codes to ${ACCOUNT_ATTEMPTS} per account, whichever session tries them`, async () => {
    const own = await createTestApp(dialect);
    const browser = new Browser(own.app);
    await browser.login();
    await enrol(browser);
    const statuses: number[] = [];
    for (let i = 0; i <= ACCOUNT_ATTEMPTS; i++) {
      const attempt = new Browser(own.app);
      await attempt.login();
      statuses.push(
        (await attempt.request('POST', '/api/auth/login/second-factor', { code: `${100000 + i}` }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([...Array(ACCOUNT_ATTEMPTS).fill(401), 429]);
    await own.close();
  }, 60_000);

  it('answers the code step without a pending password step with 401', async () => {
    const browser = new Browser(t.app);
    const response = await browser.request('POST', '/api/auth/login/second-factor', { code: '123456' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(secondFactorMessages.loginExpired);
  });
});

describe.each(testDialects)('second factor required of every admin on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { adminRequireSecondFactor: true });
  });
  afterAll(async () => t.close());

  it('lets an admin without it reach only its set-up, until she sets it up; then it cannot be turned off', async () => {
    const browser = new Browser(t.app);
    expect((await browser.login()).statusCode).toBe(200);
    const me = await browser.request('GET', '/api/auth/me');
    expect(me.json().data).toMatchObject({ secondFactorEnabled: false, secondFactorRequired: true });
    for (const [method, url] of [
      ['GET', '/api/admin/requests'],
      ['GET', '/api/admin/admins'],
      ['PUT', '/api/admin/me/password'],
      ['POST', '/api/events/create'],
    ] as const) {
      const blocked = await browser.request(method, url, method === 'GET' ? undefined : {});
      expect(blocked.statusCode, url).toBe(403);
      expect(blocked.json().error).toEqual({
        code: 'SECOND_FACTOR_REQUIRED',
        message: secondFactorMessages.setupRequired,
      });
    }
    expect((await browser.request('GET', '/api/admin/me/second-factor')).json().data.required).toBe(true);
    const { recoveryCodes } = await enrol(browser);
    expect((await browser.request('GET', '/api/admin/requests')).statusCode).toBe(200);
    expect((await browser.confirm(TEST_ADMIN.password, recoveryCodes[0])).statusCode).toBe(200);
    const off = await browser.request('POST', '/api/admin/me/second-factor/disable');
    expect(off.statusCode).toBe(409);
    expect(off.json().error.message).toBe(secondFactorMessages.mandatory);
  });
});
