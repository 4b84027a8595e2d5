import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Session } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/messages.ts';
import { Browser, cookieHeader, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { multipartFile } from '../test/multipart.ts';
import { resetAdminFromServer } from './admin-reset.service.ts';
import { createAdmin } from './admins.repository.ts';
import { issueResetToken } from './password-reset.repository.ts';

// Issue 40's first fault, replayed on every way an account ends its other sessions: session C starts a
// long upload (several MB, sent a piece at a time), the account's sessions are ended while it is still
// being sent, then the upload finishes and the store writes C's session back, as it does after every
// request. C's next request is refused all the same (decision 046).

const NEW_PASSWORD = 'otra-contraseña-nueva-y-larga';

interface Account {
  id: string;
  email: string;
  password: string;
}

interface Case {
  name: string;
  /** Whether the session that made the change (B) stays signed in. */
  keepsB: boolean;
  /** Optional: makes the account ready (B is signed in) and answers what `act` needs. */
  prepare?: (t: TestApp, b: Browser, account: Account) => Promise<string[]>;
  /** Signs C in. */
  signIn?: (t: TestApp, c: Browser, account: Account, codes: string[]) => Promise<void>;
  /** Ends the account's other sessions while C's upload runs; answers the password that works after. */
  act: (t: TestApp, b: Browser, account: Account, codes: string[]) => Promise<string>;
}

const expectStatus = async <R extends { statusCode: number; body: string }>(
  answer: Promise<R>,
  status: number,
): Promise<R> => {
  const response = await answer;
  expect(response.statusCode, response.body).toBe(status);
  return response;
};

async function enrol(b: Browser): Promise<string[]> {
  const { TOTP, Secret } = await import('otpauth');
  const setup = await b.request('POST', '/api/admin/me/second-factor/setup');
  const { secret } = setup.json().data as { secret: string };
  const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
  const enabled = await expectStatus(b.request('POST', '/api/admin/me/second-factor/enable', { code }), 200);
  return enabled.json().data.recoveryCodes as string[];
}

const cases: Case[] = [
  {
    name: 'a password change',
    keepsB: true,
    act: async (_t, b, account) => {
      await expectStatus(
        b.request('PUT', '/api/admin/me/password', {
          currentPassword: account.password,
          newPassword: NEW_PASSWORD,
        }),
        200,
      );
      return NEW_PASSWORD;
    },
  },
  {
    name: 'a password reset by mail',
    keepsB: false,
    act: async (t, _b, account) => {
      const token = await issueResetToken(t.app.db, account.id, new Date());
      await expectStatus(
        new Browser(t.app).request('POST', '/api/auth/password-reset/confirm', {
          token,
          password: NEW_PASSWORD,
        }),
        200,
      );
      return NEW_PASSWORD;
    },
  },
  {
    name: 'the second factor turned off',
    keepsB: true,
    prepare: (_t, b) => enrol(b),
    signIn: async (_t, c, account, codes) => {
      const first = await expectStatus(c.login(account.email, account.password), 200);
      expect(first.json().data.secondFactorRequired).toBe(true);
      await expectStatus(c.request('POST', '/api/auth/login/second-factor', { code: codes[0] }), 200);
    },
    act: async (_t, b, account, codes) => {
      await expectStatus(b.confirm(account.password, codes[1]), 200);
      await expectStatus(b.request('POST', '/api/admin/me/second-factor/disable'), 200);
      return account.password;
    },
  },
  {
    name: '"cerrar las demás sesiones"',
    keepsB: true,
    act: async (_t, b, account) => {
      await expectStatus(b.confirm(account.password), 200);
      const closed = await expectStatus(b.request('DELETE', '/api/admin/me/other-sessions'), 200);
      expect(closed.json().data.ended).toBe(1);
      return account.password;
    },
  },
  {
    name: 'npm run admin:reset',
    keepsB: false,
    act: async (t, _b, account) => {
      const reset = await resetAdminFromServer(t.app.db, account.email);
      expect(reset?.ended).toBe(2);
      return reset!.password;
    },
  },
];

describe.each(testDialects)('sessions end for good on %s', (dialect) => {
  let t: TestApp;
  let origin: string;
  let uploadDir: string;
  let image: Buffer;

  beforeAll(async () => {
    uploadDir = mkdtempSync(join(tmpdir(), 'ended-sessions-'));
    t = await createTestApp(dialect, { uploadDir });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // Noise does not compress: a PNG of about 5 MB.
    image = await sharp({
      create: {
        width: 1400,
        height: 1200,
        channels: 3,
        background: { r: 0, g: 0, b: 0 },
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  const sidOf = (browser: Browser) => t.app.unsignCookie(browser.jar.sid!).value!;
  const sessionRow = (sid: string) =>
    t.app.db.selectFrom('sessions').select('sid').where('sid', '=', sid).executeTakeFirst();

  /** Resolves once the server has read the session `sid` from the store (a request of it has begun). */
  function whenRead(sid: string): Promise<void> {
    const store = t.app.sessionStore;
    const get = store.get.bind(store);
    return new Promise((resolve) => {
      store.get = (asked, callback) =>
        get(asked, (error: unknown, session?: Session | null) => {
          callback(error, session);
          if (asked === sid) {
            store.get = get;
            resolve();
          }
        });
    });
  }

  /** An upload of `image` by `browser` over real HTTP: its first piece now, the rest when told. */
  function slowUpload(browser: Browser) {
    const { body, headers } = multipartFile('file', 'muy-grande.png', 'image/png', image);
    const request = httpRequest(`${origin}/api/uploads`, {
      method: 'POST',
      headers: {
        ...headers,
        'content-length': String(body.length),
        cookie: cookieHeader(browser.jar),
        'x-xsrf-token': browser.token,
      },
    });
    const answer = new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
    });
    const PIECE = 256 * 1024;
    request.write(body.subarray(0, PIECE));
    return {
      async finish() {
        for (let at = PIECE; at < body.length; at += PIECE) {
          request.write(body.subarray(at, at + PIECE));
          await sleep(5);
        }
        request.end();
        return answer;
      },
    };
  }

  it.each(cases.map((c, index) => [c.name, index] as const))(
    'refuses a session written back after %s',
    async (_name, index) => {
      const { keepsB, prepare, signIn, act } = cases[index]!;
      const password = 'la-contraseña-de-esta-cuenta';
      const email = `cuenta-${dialect}-${index}@example.org`;
      const account: Account = { ...(await createAdmin(t.app.db, email, password)), password };

      const b = new Browser(t.app);
      await expectStatus(b.login(email, password), 200);
      const codes = (await prepare?.(t, b, account)) ?? [];
      const c = new Browser(t.app);
      if (signIn) await signIn(t, c, account, codes);
      else await expectStatus(c.login(email, password), 200);
      await c.csrf();
      const cSid = sidOf(c);

      // C's upload begins and passes the admin check…
      const read = whenRead(cSid);
      const upload = slowUpload(c);
      await read;
      await sleep(300);
      // …the account's other sessions end while it is still being sent…
      const passwordAfter = await act(t, b, account, codes);
      expect(await sessionRow(cSid)).toBeUndefined();
      // …it finishes, and the store writes C's session back, as after any request.
      const uploaded = await upload.finish();
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      expect(await sessionRow(cSid)).toBeDefined();

      // C is refused all the same, on an admin route and on "who am I", and its row goes.
      const refused = await c.request('GET', '/api/admin/content/events');
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error).toEqual({ code: 'SESSION_EXPIRED', message: apiMessages.sessionExpired });
      expect(await sessionRow(cSid)).toBeUndefined();
      expect((await c.request('GET', '/api/auth/me')).statusCode).toBe(401);

      // The session that made the change goes on; after a reset, nobody's does.
      expect((await b.request('GET', '/api/admin/content/events')).statusCode).toBe(keepsB ? 200 : 401);
      expect((await b.request('GET', '/api/auth/me')).statusCode).toBe(keepsB ? 200 : 401);
      // A sign-in after the change counts.
      const d = new Browser(t.app);
      await expectStatus(d.login(email, passwordAfter), 200);
      expect((await d.request('GET', '/api/auth/me')).statusCode).toBe(200);
    },
    60_000,
  );
});

describe.each(testDialects)('sessions written back, read by "who am I" and the login on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  const sidOf = (browser: Browser) => t.app.unsignCookie(browser.jar.sid!).value!;
  const rowOf = (sid: string) =>
    t.app.db.selectFrom('sessions').selectAll().where('sid', '=', sid).executeTakeFirst();
  /** Puts a session's row back as it was, as a request still running when it was ended would. */
  const writeBack = async (row: { sid: string; data: string; expires_at: string }) => {
    await t.app.db.deleteFrom('sessions').where('sid', '=', row.sid).execute();
    await t.app.db.insertInto('sessions').values(row).execute();
  };

  it('answers 401 on /api/auth/me to a password-only session of an account with a second factor', async () => {
    const email = `solo-contrasena-${dialect}@example.org`;
    const password = 'la-contraseña-de-esta-cuenta';
    const account = await createAdmin(t.app.db, email, password);
    // Signed in with the password alone, before the account had a second factor.
    const stranger = new Browser(t.app);
    await expectStatus(stranger.login(email, password), 200);
    const row = (await rowOf(sidOf(stranger)))!;
    const owner = new Browser(t.app);
    await expectStatus(owner.login(email, password), 200);
    await enrol(owner);
    // Its row comes back, and even with the account's "valid after" left aside…
    await writeBack(row);
    await t.app.db
      .updateTable('admins')
      .set({ sessions_valid_after: null })
      .where('id', '=', account.id)
      .execute();
    // …"who am I" asks for the code as every admin route does, and the session goes.
    const me = await stranger.request('GET', '/api/auth/me');
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe('SESSION_EXPIRED');
    expect(await rowOf(row.sid)).toBeUndefined();
    await writeBack(row);
    expect((await stranger.request('GET', '/api/admin/requests')).statusCode).toBe(401);
    expect((await owner.request('GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('refuses the code of a login whose password was given before the account ended its sessions', async () => {
    const email = `a-medias-${dialect}@example.org`;
    const password = 'la-contraseña-de-esta-cuenta';
    const account = { ...(await createAdmin(t.app.db, email, password)), password };
    const owner = new Browser(t.app);
    await expectStatus(owner.login(email, password), 200);
    const codes = await enrol(owner);
    // Someone with the old password is at the code step…
    const halfway = new Browser(t.app);
    const first = await expectStatus(halfway.login(email, password), 200);
    expect(first.json().data.secondFactorRequired).toBe(true);
    const row = (await rowOf(sidOf(halfway)))!;
    // …the owner changes the password, and that login's row comes back.
    await expectStatus(
      owner.request('PUT', '/api/admin/me/password', {
        currentPassword: account.password,
        newPassword: NEW_PASSWORD,
      }),
      200,
    );
    await writeBack(row);
    const second = await halfway.request('POST', '/api/auth/login/second-factor', { code: codes[0] });
    expect(second.statusCode).toBe(401);
    expect(second.json().error.code).toBe('LOGIN_EXPIRED');
    expect((await halfway.request('GET', '/api/auth/me')).statusCode).toBe(401);
    // The owner, who made the change, goes on.
    expect((await owner.request('GET', '/api/auth/me')).statusCode).toBe(200);
  });
});
