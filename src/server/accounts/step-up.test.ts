import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../shared/clock.ts';
import { recoveryMessages, secondFactorMessages } from '../../shared/messages.ts';
import { Browser, TEST_ADMIN, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.ts';
import { ACCOUNT_ATTEMPTS } from './attempt-limit.ts';
import { createAdmin } from './admins.repository.ts';
import { STEP_UP_MS } from './step-up.service.ts';

const codeFor = (secret: string, offsetSeconds = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSeconds * 1_000 });

const BEA = { email: 'bea@example.org', password: 'la-clave-larga-de-bea' };
const CARLA = { email: 'carla@example.org', password: 'la-clave-larga-de-carla' };

describe.each(testDialects)('sensitive changes ask for the password again on %s', (dialect) => {
  let t: TestApp;
  let peer: SmtpPeer;
  let ana: Browser;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(dialect, { smtpUrl: peer.url });
    await createAdmin(t.app.db, BEA.email, BEA.password);
    ana = new Browser(t.app);
    await ana.login();
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const toldTo = (to: string) =>
    t.app.db
      .selectFrom('outbox')
      .select(['subject', 'body_text as text'])
      .where('purpose', '=', 'admin-sensitive-action')
      .where('to_address', '=', to)
      .orderBy('id')
      .execute();
  const idOf = async (email: string) =>
    (await t.app.db.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirstOrThrow())
      .id;

  it('refuses each of the four changes without a confirmation, before reading the body', async () => {
    const beaId = await idOf(BEA.email);
    for (const [method, url, body] of [
      ['POST', '/api/admin/admins', CARLA],
      ['DELETE', `/api/admin/admins/${beaId}`, undefined],
      ['PUT', '/api/admin/settings/retention', { retentionDays: 1 }],
      ['POST', '/api/admin/me/second-factor/disable', undefined],
      // Even a body the route would refuse meets the step-up first.
      ['PUT', '/api/admin/settings/retention', { retentionDays: 'x' }],
    ] as const) {
      const refused = await ana.request(method, url, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'STEP_UP_REQUIRED',
        message: recoveryMessages.stepUpRequired,
      });
    }
    expect(await t.app.db.selectFrom('admins').select('email').orderBy('email').execute()).toEqual([
      { email: TEST_ADMIN.email },
      { email: BEA.email },
    ]);
    expect(await toldTo(BEA.email)).toEqual([]);
  });

  it('refuses a wrong password with a field message, and accepts the right one for five minutes', async () => {
    const wrong = await ana.confirm('no-es-la-contraseña');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: recoveryMessages.wrongPassword });
    expect((await ana.request('POST', '/api/admin/admins', CARLA)).statusCode).toBe(403);

    const right = await ana.confirm();
    expect(right.statusCode).toBe(200);
    const until = Date.parse(right.json().data.confirmedUntil);
    expect(until - Date.now()).toBeGreaterThan(STEP_UP_MS - 5_000);

    // Creating an account: the other admin is told who did it and when; the new account is not.
    const created = await ana.request('POST', '/api/admin/admins', CARLA);
    expect(created.statusCode).toBe(201);
    const [toBea] = await toldTo(BEA.email);
    expect(toBea!.subject).toBe(
      `Aviso de seguridad: ${TEST_ADMIN.email} creó la cuenta de administración de ${CARLA.email}`,
    );
    expect(toBea!.text).toContain(`${TEST_ADMIN.email} creó la cuenta de administración de ${CARLA.email}`);
    expect(toBea!.text).toContain('(hora del centro de México)');
    expect(toBea!.text).toContain(clock.formatLong(new Date().toISOString()).slice(0, 12));
    expect(await toldTo(TEST_ADMIN.email)).toEqual([]);
    expect(await toldTo(CARLA.email)).toEqual([]);

    // Retention, then removing the account, within the same five minutes.
    const retention = await ana.request('PUT', '/api/admin/settings/retention', { retentionDays: 1 });
    expect(retention.statusCode).toBe(200);
    const removed = await ana.request('DELETE', `/api/admin/admins/${created.json().data.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await toldTo(BEA.email)).map((mail) => mail.subject)).toEqual([
      `Aviso de seguridad: ${TEST_ADMIN.email} creó la cuenta de administración de ${CARLA.email}`,
      `Aviso de seguridad: ${TEST_ADMIN.email} cambió la conservación de solicitudes a 1 día`,
      `Aviso de seguridad: ${TEST_ADMIN.email} quitó la cuenta de administración de ${CARLA.email}`,
    ]);
    // Carla was told her account was made (she was an admin when the retention changed).
    expect((await toldTo(CARLA.email)).map((mail) => mail.subject)).toEqual([
      `Aviso de seguridad: ${TEST_ADMIN.email} cambió la conservación de solicitudes a 1 día`,
    ]);

    // Past five minutes the session must confirm again.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(until + 1_000);
    const late = await ana.request('PUT', '/api/admin/settings/retention', { retentionDays: null });
    expect(late.statusCode).toBe(403);
    expect(late.json().error.code).toBe('STEP_UP_REQUIRED');
    vi.useRealTimers();

    // The mail goes out through the outbox to the real mail server.
    const delivered = await peer.waitForMessages(4);
    expect(delivered.filter((mail) => mail.to.includes(BEA.email))).toHaveLength(3);

    const audit = await t.app.db.selectFrom('audit_log').select('action').execute();
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['me.confirm', 'me.confirm.failed', 'admins.create', 'admins.delete']),
    );
  });

  it('asks an account with a second factor for a code too, and tells the others when it is turned off', async () => {
    const bea = new Browser(t.app);
    await bea.login(BEA.email, BEA.password);
    const setup = await bea.request('POST', '/api/admin/me/second-factor/setup');
    const { secret } = setup.json().data as { secret: string };
    const enabled = await bea.request('POST', '/api/admin/me/second-factor/enable', {
      code: codeFor(secret),
    });
    const [recovery] = enabled.json().data.recoveryCodes as string[];

    const withoutCode = await bea.confirm(BEA.password);
    expect(withoutCode.statusCode).toBe(400);
    expect(withoutCode.json().error.fields).toEqual({ code: secondFactorMessages.codeRequired });
    const badCode = await bea.confirm(BEA.password, '000000');
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error.fields).toEqual({ code: secondFactorMessages.badCode });
    // A wrong password spends no code.
    const wrongPassword = await bea.confirm('otra-cosa', recovery);
    expect(wrongPassword.json().error.fields).toEqual({ password: recoveryMessages.wrongPassword });
    expect((await bea.request('POST', '/api/admin/me/second-factor/disable')).statusCode).toBe(403);

    expect((await bea.confirm(BEA.password, recovery)).statusCode).toBe(200);
    const off = await bea.request('POST', '/api/admin/me/second-factor/disable');
    expect(off.statusCode).toBe(200);
    expect((await toldTo(TEST_ADMIN.email)).map((mail) => mail.subject)).toEqual([
      `Aviso de seguridad: ${BEA.email} desactivó la verificación en dos pasos de su cuenta`,
    ]);
    // The factor's change gave the session a new id: the confirmation did not survive it.
    expect((await bea.request('POST', '/api/admin/admins', CARLA)).statusCode).toBe(403);
  });

  it(`limits confirmations to ${ACCOUNT_ATTEMPTS} per admin in 15 minutes, whichever session tries`, async () => {
    const dora = { email: 'dora@example.org', password: 'la-clave-larga-de-dora' };
    await createAdmin(t.app.db, dora.email, dora.password);
    const statuses: number[] = [];
    for (let i = 0; i <= ACCOUNT_ATTEMPTS; i++) {
      const session = new Browser(t.app);
      await session.login(dora.email, dora.password);
      statuses.push((await session.confirm(`intento-${i}`)).statusCode);
    }
    expect(statuses).toEqual([...Array(ACCOUNT_ATTEMPTS).fill(400), 429]);
  });

  it('keeps a session with a second factor working after its password change', async () => {
    const bea = new Browser(t.app);
    await bea.login(BEA.email, BEA.password);
    const setup = await bea.request('POST', '/api/admin/me/second-factor/setup');
    const { secret } = setup.json().data as { secret: string };
    expect(
      (await bea.request('POST', '/api/admin/me/second-factor/enable', { code: codeFor(secret) })).statusCode,
    ).toBe(200);
    const changed = await bea.request('PUT', '/api/admin/me/password', {
      currentPassword: BEA.password,
      newPassword: 'otra-clave-larga-de-bea',
    });
    expect(changed.statusCode).toBe(200);
    expect((await bea.request('GET', '/api/admin/requests')).statusCode).toBe(200);
  });
});
