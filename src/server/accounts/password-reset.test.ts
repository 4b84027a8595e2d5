import { createHash } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { recoveryMessages } from '../../shared/messages.ts';
import { Browser, TEST_ADMIN, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.ts';
import { createAdmin } from './admins.repository.ts';
import { RESET_LINK_MS, issueResetToken, pruneResetTokens } from './password-reset.repository.ts';
import { RESET_REQUESTS_PER_ADDRESS } from './password-reset.routes.ts';

const NEW_PASSWORD = 'una-contraseña-nueva-y-larga';
const codeFor = (secret: string, offsetSeconds = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSeconds * 1_000 });
const tokenIn = (text: string) =>
  /https:\/\/sitio\.example\.org\/admin#\/restablecer-contrasena\/([\w-]+)/.exec(text)?.[1];

async function enrol(browser: Browser) {
  const setup = await browser.request('POST', '/api/admin/me/second-factor/setup');
  const { secret } = setup.json().data as { secret: string };
  const enabled = await browser.request('POST', '/api/admin/me/second-factor/enable', {
    code: codeFor(secret),
  });
  expect(enabled.statusCode).toBe(200);
  return secret;
}

describe.each(testDialects)('a forgotten password, reset by mail, on %s', (dialect) => {
  let t: TestApp;
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(dialect, { smtpUrl: peer.url });
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const ask = async (email: string) => {
    const response = await new Browser(t.app).request('POST', '/api/auth/password-reset', { email });
    await t.app.passwordResets.settled();
    return response;
  };
  const outboxTo = (to: string, purpose: string) =>
    t.app.db
      .selectFrom('outbox')
      .select(['subject'])
      .where('to_address', '=', to)
      .where('purpose', '=', purpose)
      .orderBy('id')
      .execute();

  it('mails a single-use link that sets a new password, ends every session and still asks for the code', async () => {
    const owner = new Browser(t.app);
    await owner.login();
    const secret = await enrol(owner);
    expect((await owner.request('GET', '/api/admin/requests')).statusCode).toBe(200);
    // A login waiting for its code (password typed elsewhere) ends too.
    const waiting = new Browser(t.app);
    expect((await waiting.login()).json().data.secondFactorRequired).toBe(true);

    // The mail that the factor was turned on goes first.
    expect((await peer.waitForMessages(1))[0]!.subject).toContain('verificación en dos pasos');
    peer.clear();
    const asked = await ask('  Admin@Example.org ');
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ data: { ok: true } });
    const [mail] = await peer.waitForMessages(1);
    expect(mail!.to).toEqual([TEST_ADMIN.email]);
    expect(mail!.subject).toBe('Restablece tu contraseña de administración');
    expect(mail!.text).toContain('30 minutos');
    const token = tokenIn(mail!.text)!;
    expect(token).toMatch(/^[\w-]{43}$/);
    // Only the token's SHA-256 is stored.
    const stored = await t.app.db.selectFrom('admin_password_resets').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));

    // The password's rules apply, and a refused one does not spend the link.
    const visitor = new Browser(t.app);
    const short = await visitor.request('POST', '/api/auth/password-reset/confirm', {
      token,
      password: 'corta',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({
      password: 'La contraseña debe tener al menos 12 caracteres',
    });
    const set = await visitor.request('POST', '/api/auth/password-reset/confirm', {
      token,
      password: NEW_PASSWORD,
    });
    expect(set.statusCode).toBe(200);
    // Nobody is logged in by the link.
    expect((await visitor.request('GET', '/api/auth/me')).statusCode).toBe(401);

    // Once only.
    const again = await visitor.request('POST', '/api/auth/password-reset/confirm', {
      token,
      password: 'otra-contraseña-más-larga',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'RESET_LINK_INVALID',
      message: recoveryMessages.resetLinkInvalid,
    });

    // Every session of the account ended, the open one and the one waiting for its code.
    expect((await owner.request('GET', '/api/admin/requests')).statusCode).toBe(401);
    const late = await waiting.request('POST', '/api/auth/login/second-factor', {
      code: codeFor(secret, 30),
    });
    expect(late.statusCode).toBe(401);

    // The old password is gone; the new one still needs the second factor.
    expect((await new Browser(t.app).login()).statusCode).toBe(401);
    const next = new Browser(t.app);
    const login = await next.login(TEST_ADMIN.email, NEW_PASSWORD);
    expect(login.json().data.secondFactorRequired).toBe(true);
    expect((await next.request('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await next.request('GET', '/api/admin/requests')).statusCode).toBe(401);
    const coded = await next.request('POST', '/api/auth/login/second-factor', { code: codeFor(secret, 30) });
    expect(coded.statusCode).toBe(200);
    expect((await next.request('GET', '/api/admin/requests')).statusCode).toBe(200);

    // The account is told, and both steps are in the activity log.
    const [, told] = await peer.waitForMessages(2);
    expect(told!.to).toEqual([TEST_ADMIN.email]);
    expect(told!.subject).toBe('Se cambió la contraseña de tu cuenta');
    expect(told!.text).toContain('hora del centro de México');
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', 'like', 'auth.password-reset%')
      .orderBy('created_at')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['auth.password-reset.request', 'auth.password-reset']);
    expect(audit[1]!.detail).toContain('2 sesiones cerradas');
  }, 30_000);

  it('answers 202 for an address without an account, and sends nothing', async () => {
    const before = await t.app.db.selectFrom('outbox').select('id').execute();
    const response = await ask('nadie@example.org');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { ok: true } });
    expect(await t.app.db.selectFrom('outbox').select('id').execute()).toHaveLength(before.length);
    expect(await outboxTo('nadie@example.org', 'password-reset')).toEqual([]);
    const bad = await new Browser(t.app).request('POST', '/api/auth/password-reset', { email: 'no es' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.email).toBeDefined();
  });

  it('refuses a link past its 30 minutes, with a clock held still, and deletes it', async () => {
    const admin = await createAdmin(t.app.db, 'reloj@example.org', 'una-clave-para-el-reloj');
    const issuedAt = new Date('2027-03-08T17:00:00.000Z');
    const inTime = await issueResetToken(t.app.db, admin.id, issuedAt);
    const tooLate = await issueResetToken(t.app.db, admin.id, issuedAt);
    const visitor = new Browser(t.app);
    await visitor.csrf();
    vi.useFakeTimers({ toFake: ['Date'] });

    vi.setSystemTime(issuedAt.getTime() + RESET_LINK_MS);
    const expired = await visitor.request('POST', '/api/auth/password-reset/confirm', {
      token: tooLate,
      password: NEW_PASSWORD,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe(recoveryMessages.resetLinkInvalid);

    vi.setSystemTime(issuedAt.getTime() + RESET_LINK_MS - 1_000);
    const justInTime = await visitor.request('POST', '/api/auth/password-reset/confirm', {
      token: inTime,
      password: NEW_PASSWORD,
    });
    expect(justInTime.statusCode).toBe(200);
    // Using one link voids the others of the account; expired ones are deleted by the housekeeping.
    expect(
      await t.app.db
        .selectFrom('admin_password_resets')
        .select('used_at')
        .where('admin_id', '=', admin.id)
        .execute(),
    ).toEqual([{ used_at: new Date(issuedAt.getTime() + RESET_LINK_MS - 1_000).toISOString() }]);
    vi.useRealTimers();
    expect(await pruneResetTokens(t.app.db, new Date(issuedAt.getTime() + RESET_LINK_MS))).toBeGreaterThan(0);
    expect(
      await t.app.db
        .selectFrom('admin_password_resets')
        .select('token_hash')
        .where('admin_id', '=', admin.id)
        .execute(),
    ).toEqual([]);
  });

  it(`limits links to ${RESET_REQUESTS_PER_ADDRESS} per address in 15 minutes, known or not`, async () => {
    await createAdmin(t.app.db, 'limitada@example.org', 'una-clave-de-prueba-larga');
    for (const email of ['limite@example.org', 'LIMITADA@example.org']) {
      const statuses: number[] = [];
      for (let i = 0; i <= RESET_REQUESTS_PER_ADDRESS; i++) statuses.push((await ask(email)).statusCode);
      expect(statuses).toEqual([...Array(RESET_REQUESTS_PER_ADDRESS).fill(202), 429]);
    }
  });
});

describe('reset links asked from one client address', () => {
  it('are limited per address too, across e-mail addresses', async () => {
    const t = await createTestApp('sqlite', { loginRateLimit: 3 });
    try {
      const browser = new Browser(t.app);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await browser.request('POST', '/api/auth/password-reset', { email: `p${i}@example.org` }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([202, 202, 202, 429]);
      await t.app.passwordResets.settled();
    } finally {
      await t.close();
    }
  });
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe.each(testDialects)('the reset answer on %s', (dialect) => {
  it('takes as long whether or not the address is an admin’s', async () => {
    const t = await createTestApp(dialect, { loginRateLimit: 10_000 });
    try {
      const browser = new Browser(t.app);
      const TRIES = 60;
      const known: number[] = [];
      const unknown: number[] = [];
      const time = async (email: string, into: number[] | undefined) => {
        const started = performance.now();
        const response = await browser.request('POST', '/api/auth/password-reset', { email });
        const took = performance.now() - started;
        expect(response.statusCode).toBe(202);
        into?.push(took);
        // The work done after the answer is not counted, and does not spill into the next answer.
        await t.app.passwordResets.settled();
      };
      // Warm both paths up; each try is a new address (the per-address limit), known ones made first.
      const emails = await Promise.all(
        Array.from({ length: TRIES + 1 }, (_, i) =>
          createAdmin(t.app.db, `tiempo${i}@example.org`, 'una-clave-de-prueba-larga').then((a) => a.email),
        ),
      );
      await time(emails[TRIES]!, undefined);
      await time('calentar@example.org', undefined);
      for (let i = 0; i < TRIES; i++) {
        await time(emails[i]!, known);
        await time(`nadie${i}@example.org`, unknown);
      }
      const sent = await t.app.db
        .selectFrom('outbox')
        .select('id')
        .where('purpose', '=', 'password-reset')
        .execute();
      expect(sent).toHaveLength(TRIES + 1);
      // Looking the address up, storing a link and queuing its mail happen after the answer: the two
      // medians stay within half a millisecond (or a quarter) of each other. Doing that work before the
      // answer puts some 3 ms between them.
      const gap = Math.abs(median(known) - median(unknown));
      expect(gap, `known ${median(known)} ms, unknown ${median(unknown)} ms`).toBeLessThan(
        Math.max(0.5, median(unknown) / 4),
      );
    } finally {
      await t.close();
    }
  }, 60_000);
});
