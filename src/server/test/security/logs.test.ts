import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_REDACT } from '../../app.ts';
import { Browser, TEST_ADMIN, cookieHeader, createTestApp, type TestApp } from '../app.ts';

/** Everything the app's logger writes, as main.ts configures it, at the most talkative level. */
function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, logger: { level: 'trace', redact: LOG_REDACT, stream } };
}

describe('what the logs keep', () => {
  const capture = captureLogs();
  let t: TestApp;
  const secrets: string[] = [];

  beforeAll(async () => {
    t = await createTestApp('sqlite', { logRequests: 'all' }, { logger: capture.logger });
    const browser = new Browser(t.app);
    await browser.csrf();
    secrets.push(browser.token, browser.jar._csrf!);

    const wrong = 'contraseña-equivocada-123';
    secrets.push(wrong, TEST_ADMIN.password);
    expect((await browser.login(TEST_ADMIN.email, wrong)).statusCode).toBe(401);
    expect((await browser.login()).statusCode).toBe(200);
    secrets.push(browser.jar.sid!);
    expect((await browser.request('GET', '/api/auth/me')).statusCode).toBe(200);

    // A body that carries a password where none is expected, and one the schema refuses.
    const extra = 'otra-contraseña-secreta-456';
    secrets.push(extra);
    const refused = await browser.request('POST', '/api/mail/contact', { data: { password: extra } });
    expect(refused.statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        cookie: cookieHeader(browser.jar),
        'x-xsrf-token': browser.token,
        'content-type': 'application/json',
      },
      payload: `{"email":"${TEST_ADMIN.email}","password":"${extra}"`,
    });
    expect(malformed.statusCode).toBe(400);

    const bearer = 'Bearer token-secreto-789';
    secrets.push('token-secreto-789');
    await t.app.inject({
      url: '/api/health',
      headers: { authorization: bearer, cookie: cookieHeader(browser.jar) },
    });
    expect((await browser.request('POST', '/api/auth/logout')).statusCode).toBe(200);

    // Mail links' tokens, opened and posted (unknown here, which changes nothing for the log).
    for (const [index, path] of ['/Boletin/confirmar/', '/Boletin/baja/', '/Registro/'].entries()) {
      const token = `EnlaceDeCorreo${index}_${'x'.repeat(29)}`;
      secrets.push(token);
      await t.app.inject({ url: `${path}${token}` });
      await t.app.inject({
        method: 'POST',
        url: `${path}${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
        payload: '',
      });
    }
  });
  afterAll(async () => t?.close());

  it('logged the requests at all', () => {
    const text = capture.lines.join('');
    expect(text).toContain('/api/auth/login');
    expect(text).toContain('/api/mail/contact');
    expect(capture.lines.length).toBeGreaterThan(10);
  });

  it("shows a mail link's path with a placeholder in place of its token", () => {
    const text = capture.lines.join('');
    for (const path of ['/Boletin/confirmar/[token]', '/Boletin/baja/[token]', '/Registro/[token]']) {
      expect(text).toContain(`"url":"${path}"`);
    }
  });

  it('never holds a password, a session cookie, an Authorization header, a CSRF token or a link token', () => {
    const text = capture.lines.join('');
    expect(secrets.every((secret) => secret.length >= 8)).toBe(true);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"cookie"\s*:\s*"[^"[]/i);
    expect(text).not.toMatch(/"authorization"\s*:\s*"[^"[]/i);
  });

  it('hides the secret fields of any object logged with them', () => {
    const before = capture.lines.length;
    t.app.log.info(
      {
        password: 'en-claro-1',
        body: { password: 'en-claro-2' },
        req: {
          headers: {
            cookie: 'sid=en-claro-3',
            authorization: 'Basic en-claro-4',
            'x-xsrf-token': 'en-claro-5',
          },
        },
        res: { headers: { 'set-cookie': 'sid=en-claro-6' } },
      },
      'logged by mistake',
    );
    const line = capture.lines.slice(before).join('');
    expect(line).toContain('logged by mistake');
    expect(line).not.toMatch(/en-claro/);
  });
});

describe('the request lines kept by default (LOG_REQUESTS=notable)', () => {
  const capture = captureLogs();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, { logger: capture.logger });
  });
  afterAll(async () => t?.close());

  const requestLines = () =>
    capture.lines
      .map((line) => JSON.parse(line) as { msg: string; level: number; req?: { url: string }; res?: object })
      .filter((line) => line.req !== undefined || line.res !== undefined);

  it('logs a URL without its query string, where searches carry names and e-mails', async () => {
    const before = capture.lines.length;
    const query = '?q=ana.secreta%40example.org&email=ana.secreta@example.org';
    expect((await t.app.inject(`/api/admin/requests${query}`)).statusCode).toBe(401);
    const lines = capture.lines.slice(before).join('');
    expect(lines).toContain('"url":"/api/admin/requests"');
    expect(lines).not.toContain('ana.secreta');
  });

  it('leaves out successful reads', async () => {
    const before = capture.lines.length;
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    expect((await t.app.inject('/api/events/get-all')).statusCode).toBe(200);
    expect(capture.lines.slice(before)).toEqual([]);
  });

  it('writes one line, with the request and its status, for a write and for an error', async () => {
    const browser = new Browser(t.app);
    await browser.csrf();
    capture.lines.length = 0;
    expect((await browser.request('POST', '/api/mail/contact', { data: {} })).statusCode).toBe(400);
    expect((await t.app.inject('/api/nada')).statusCode).toBe(404);
    const lines = requestLines();
    expect(lines.map((line) => line.req?.url)).toEqual(['/api/mail/contact', '/api/nada']);
    for (const line of lines) expect(line).toMatchObject({ msg: 'request completed', level: 30 });
  });
});
