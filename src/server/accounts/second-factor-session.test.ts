import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondFactorMessages } from '../../shared/messages.ts';
import { Browser, TEST_ADMIN, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { ENROL_WITHIN_MS } from './require-admin.ts';

const codeFor = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });

async function enrol(browser: Browser) {
  const setup = await browser.request('POST', '/api/admin/me/second-factor/setup');
  const { secret } = setup.json().data as { secret: string };
  return browser.request('POST', '/api/admin/me/second-factor/enable', { code: codeFor(secret) });
}

const mailTo = (t: TestApp, purpose: string) =>
  t.app.db
    .selectFrom('outbox')
    .select(['to_address', 'subject'])
    .where('purpose', '=', purpose)
    .orderBy('id')
    .execute();

describe.each(testDialects)('the second factor belongs to the session on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { adminRequireSecondFactor: true });
  });
  afterAll(async () => t.close());

  it('ends a password-only session when the account enrols, gives the enrolling one a new id, and tells the account', async () => {
    // Someone with the password alone, before the owner set up her factor: a set-up-only session.
    const stranger = new Browser(t.app);
    expect((await stranger.login()).statusCode).toBe(200);
    expect((await stranger.request('GET', '/api/admin/requests')).statusCode).toBe(403);

    const owner = new Browser(t.app);
    await owner.login();
    const before = owner.jar.sid;
    expect((await enrol(owner)).statusCode).toBe(200);
    expect(owner.jar.sid).toBeDefined();
    expect(owner.jar.sid).not.toBe(before);
    // Her session gave the code that confirmed the factor: it acts at once.
    expect((await owner.request('GET', '/api/admin/requests')).statusCode).toBe(200);

    // The stranger's session does not become a full one now that the account has a factor.
    const after = await stranger.request('GET', '/api/admin/requests');
    expect(after.statusCode).toBe(401);
    expect((await stranger.request('POST', '/api/admin/me/second-factor/setup')).statusCode).toBe(401);

    expect(await mailTo(t, 'second-factor-changed')).toEqual([
      { to_address: TEST_ADMIN.email, subject: 'Se activó la verificación en dos pasos en tu cuenta' },
    ]);
  });

  it('refuses a session without the code mark even if no other session was ended', async () => {
    const browser = new Browser(t.app);
    // The account has a factor now (previous test): a password-only login waits for the code…
    const login = await browser.request('POST', '/api/auth/login', TEST_ADMIN);
    expect(login.json().data.secondFactorRequired).toBe(true);
    // …and a session that claims the account without having given it is refused.
    expect((await browser.request('GET', '/api/admin/requests')).statusCode).toBe(401);
  });

  it('closes a new account that did not enrol in time', async () => {
    const browser = new Browser(t.app);
    const email = 'nueva@example.org';
    const password = 'otra-contraseña-larga';
    await t.app.db
      .insertInto('admins')
      .values({
        id: 'nueva',
        email,
        password_hash: await import('./password.ts').then(({ hashPassword }) => hashPassword(password)),
        created_at: new Date(Date.now() - ENROL_WITHIN_MS - 60_000).toISOString(),
        totp_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
      })
      .execute();
    expect((await browser.request('POST', '/api/auth/login', { email, password })).statusCode).toBe(200);
    const setup = await browser.request('POST', '/api/admin/me/second-factor/setup');
    expect(setup.statusCode).toBe(403);
    expect(setup.json().error).toMatchObject({
      code: 'ENROLMENT_EXPIRED',
      message: secondFactorMessages.enrolmentExpired,
    });
  });
});

describe.each(testDialects)('turning the second factor off on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('ends the other sessions and tells the account', async () => {
    const owner = new Browser(t.app);
    await owner.login();
    const recoveryCode = (await enrol(owner)).json().data.recoveryCodes[0] as string;
    const other = new Browser(t.app);
    await other.request('POST', '/api/auth/login', TEST_ADMIN);
    expect((await owner.confirm(TEST_ADMIN.password, recoveryCode)).statusCode).toBe(200);
    const off = await owner.request('POST', '/api/admin/me/second-factor/disable');
    expect(off.statusCode).toBe(200);
    expect((await owner.request('GET', '/api/admin/requests')).statusCode).toBe(200);
    expect((await other.request('GET', '/api/admin/requests')).statusCode).toBe(401);
    expect((await mailTo(t, 'second-factor-changed')).map((row) => row.subject)).toEqual([
      'Se activó la verificación en dos pasos en tu cuenta',
      'Se desactivó la verificación en dos pasos en tu cuenta',
    ]);
  });
});
