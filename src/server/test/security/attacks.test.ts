import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages, messages } from '../../../shared/messages.ts';
import { Browser, cookieHeader, createTestApp, type TestApp } from '../app.ts';
import { testDialects } from '../databases.ts';
import { startSmtpPeer, type SmtpPeer } from '../smtp-peer.ts';
import { validBodies } from '../api-surface.ts';
import {
  IMPOSSIBLE_DAYS,
  MAILTO_INJECTION_EMAILS,
  MALFORMED_MULTIPART,
  SQL_INJECTIONS,
  XSS_VECTORS,
} from '../attack-vectors.ts';

const window = new JSDOM('').window;
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);

const ALLOWED_TAGS = new Set(
  'p br h2 h3 h4 ul ol li strong b em i u s blockquote a img figure figcaption hr span'.split(' '),
);
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const SAFE_SCHEMES = new Set(['https', 'http', 'mailto', 'tel']);
const EXECUTABLE_TAGS = new Set([
  'script',
  'iframe',
  'frame',
  'object',
  'embed',
  'base',
  'meta',
  'link',
  'applet',
]);

async function waitUntil(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A URL with a scheme other than the web's and mail's own (javascript:, vbscript:, data:…). */
function unsafeUrl(value: string): boolean {
  // Browsers ignore whitespace and control characters inside a scheme.
  // eslint-disable-next-line no-control-regex
  const scheme = SCHEME.exec(value.replace(/[\u0000-\u0020]/g, ''))?.[1]?.toLowerCase();
  return scheme !== undefined && !SAFE_SCHEMES.has(scheme);
}

/**
 * Parses HTML as a browser would and lists what could run script or load active content. `strict`
 * also lists every tag the server's sanitiser does not allow and any style attribute.
 */
function activeContent(html: string, strict = true): string[] {
  const found: string[] = [];
  const body = new JSDOM(`<body>${html}</body>`).window.document.body;
  for (const element of body.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (EXECUTABLE_TAGS.has(tag) || (strict && !ALLOWED_TAGS.has(tag))) found.push(`<${tag}>`);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on') || name === 'srcdoc' || (strict && name === 'style'))
        found.push(`${tag}[${name}]`);
      if (
        /^(href|src|action|formaction|xlink:href|poster|background)$/.test(name) &&
        unsafeUrl(attribute.value)
      ) {
        found.push(`${tag}[${name}=${attribute.value}]`);
      }
    }
  }
  return found;
}

describe.each(testDialects)('known attacks, on %s', (dialect) => {
  let t: TestApp;
  let peer: SmtpPeer;
  let visitor: Browser;
  let admin: Browser;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(dialect, {
      smtpUrl: peer.url,
      contactRateLimit: 1_000_000,
      loginRateLimit: 1_000_000,
    });
    visitor = new Browser(t.app);
    await visitor.csrf();
    admin = new Browser(t.app);
    expect((await admin.login()).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await peer?.stop();
  });

  /** A request with the visitor's CSRF cookie and token, and whatever body and headers given. */
  const raw = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: string | Buffer,
    headers: Record<string, string> = { 'content-type': 'application/json' },
    browser: Browser = visitor,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: cookieHeader(browser.jar), 'x-xsrf-token': browser.token, ...headers },
      ...(payload !== undefined ? { payload } : {}),
    });

  const count = async (table: 'requests' | 'news' | 'events' | 'partners' | 'admins' | 'outbox') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('oversized and malformed bodies', () => {
    it('refuses a 20 MB body with 413', async () => {
      const huge = JSON.stringify({ data: { fullName: 'x'.repeat(20 * 1024 * 1024) } });
      const response = await raw('POST', '/api/mail/contact', huge);
      expect(response.statusCode).toBe(413);
      expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('refuses JSON nested 10,000 levels with 400', async () => {
      for (const nested of [
        `{"data":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
        `${'{"data":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
      ]) {
        const response = await raw('POST', '/api/mail/contact', nested);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toMatch(/VALIDATION_ERROR|INVALID_JSON/);
      }
    });

    it('refuses JSON nested 100,000 levels with 400 rather than overflowing the stack', async () => {
      const response = await raw('POST', '/api/mail/contact', `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
      expect(response.statusCode).toBe(400);
    });

    it('refuses a body that is not valid UTF-8 JSON with 400, and stores invalid bytes never', async () => {
      const before = await count('requests');
      const broken = Buffer.concat([Buffer.from('{"data":{"fullName":"'), Buffer.from([0xff, 0xfe, 0xc3])]);
      expect((await raw('POST', '/api/mail/contact', broken)).statusCode).toBe(400);
      // Inside an otherwise valid request, undecodable bytes arrive as U+FFFD, which is plain text.
      const body = JSON.stringify(validBodies.contact()).replace('Ana Pérez', 'Ana @@');
      const [head, tail] = body.split('@@') as [string, string];
      const response = await raw(
        'POST',
        '/api/mail/contact',
        Buffer.concat([Buffer.from(head), Buffer.from([0xff, 0xc3, 0x28]), Buffer.from(tail)]),
      );
      expect(response.statusCode).toBe(201);
      const row = await t.app.db
        .selectFrom('requests')
        .select('full_name')
        .where('id', '=', response.json().data.id)
        .executeTakeFirstOrThrow();
      expect(row.full_name).toBe('Ana \ufffd\ufffd(');
      expect(await count('requests')).toBe(before + 1);
    });

    it('refuses NUL bytes in every text field with 400 and stores nothing', async () => {
      const before = { requests: await count('requests'), news: await count('news') };
      for (const field of ['fullName', 'company', 'position', 'email', 'phoneNumber']) {
        const body = validBodies.contact();
        body.data[field] = `${String(body.data[field]).slice(0, 3)}\u0000x`;
        const response = await visitor.request('POST', '/api/mail/contact', body);
        expect(response.statusCode, field).toBe(400);
        expect(Object.keys(response.json().error.fields ?? {}), field).toEqual([field]);
      }
      for (const field of ['name', 'address', 'description']) {
        const news = { ...validBodies.news(), [field]: 'a\u0000b' };
        expect((await admin.request('POST', '/api/news/create', { news })).statusCode, field).toBe(400);
      }
      for (const path of ['/api/news/get-by-id/a%00b', '/api/events/get-by-id/%00']) {
        expect([400, 404]).toContain((await visitor.request('GET', path)).statusCode);
      }
      expect({ requests: await count('requests'), news: await count('news') }).toEqual(before);
    });

    it('refuses __proto__ and constructor keys with 400, polluting nothing', async () => {
      const bodies = [
        '{"__proto__":{"polluted":true},"data":{}}',
        '{"data":{"__proto__":{"polluted":true}}}',
        '{"data":{"constructor":{"prototype":{"polluted":true}}}}',
        '{"constructor":{"prototype":{"polluted":true}}}',
      ];
      for (const body of bodies) {
        expect((await raw('POST', '/api/mail/contact', body)).statusCode, body).toBe(400);
        expect(
          (await raw('POST', '/api/news/create', `{"news":${body}}`, undefined, admin)).statusCode,
          body,
        ).toBe(400);
      }
      const query = await visitor.request(
        'GET',
        '/api/news/get-all?__proto__[polluted]=1&constructor[prototype][polluted]=1',
      );
      expect(query.statusCode).toBe(200);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
    });

    it('refuses a wrong or missing Content-Type with 415', async () => {
      const body = JSON.stringify(validBodies.contact());
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'text/html',
        'application/javascript',
      ]) {
        const response = await raw('POST', '/api/mail/contact', body, { 'content-type': type });
        expect(response.statusCode, type).toBe(415);
        expect(response.json().error).toEqual({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: apiMessages.unsupportedMediaType,
        });
      }
      const missing = await raw('POST', '/api/mail/contact', body, {});
      expect(missing.statusCode).toBe(415);
    });
  });

  describe('injection', () => {
    it('stores SQL injection strings verbatim in every text field (201), executing none', async () => {
      const tables = { news: await count('news'), admins: await count('admins') };
      for (const injection of SQL_INJECTIONS) {
        const body = validBodies.contact();
        Object.assign(body.data, { fullName: injection, company: injection, position: injection });
        const response = await visitor.request('POST', '/api/mail/contact', body);
        expect(response.statusCode, injection).toBe(201);
        const row = await t.app.db
          .selectFrom('requests')
          .selectAll()
          .where('id', '=', response.json().data.id)
          .executeTakeFirstOrThrow();
        expect([row.full_name, row.company, row.position]).toEqual(
          [injection, injection, injection].map((s) => s.trim()),
        );

        const created = await admin.request('POST', '/api/partners/create', {
          partners: { ...validBodies.partner(), name: injection, job: injection },
        });
        expect(created.statusCode, injection).toBe(201);
        expect(created.json().data).toMatchObject({ name: injection, job: injection });
      }
      // An address may hold quotes and equals signs; it is data, not SQL.
      const quoted = validBodies.contact();
      quoted.data.email = "a'or'1'--@example.org";
      expect((await visitor.request('POST', '/api/mail/contact', quoted)).statusCode).toBe(201);
      expect({ news: await count('news'), admins: await count('admins') }).toEqual(tables);
    });

    it('answers SQL injection in ids with 404 and changes nothing', async () => {
      const created = await admin.request('POST', '/api/news/create', { news: validBodies.news() });
      expect(created.statusCode).toBe(201);
      const before = await count('news');
      for (const injection of SQL_INJECTIONS) {
        const id = encodeURIComponent(injection);
        expect((await visitor.request('GET', `/api/news/get-by-id/${id}`)).statusCode, injection).toBe(404);
        expect((await admin.request('DELETE', `/api/news/delete/${id}`)).statusCode, injection).toBe(404);
        const update = await admin.request('PUT', '/api/news/update', {
          newsId: injection,
          newsData: { ...validBodies.news(), name: 'Cambiada' },
        });
        expect(update.statusCode, injection).toBe(404);
      }
      expect(await count('news')).toBe(before);
      const names = (await t.app.db.selectFrom('news').select('name').execute()).map((row) => row.name);
      expect(names).not.toContain('Cambiada');
    });

    it('answers path traversal and unicode ids with 404, never a file', async () => {
      for (const id of [
        '..%2F..%2F..%2Fetc%2Fpasswd',
        '..%252F..%252Fpackage.json',
        '%2e%2e%2f%2e%2e%2fsite.db',
        '%E2%80%AEtxt.exe',
        '%F0%9F%92%A5',
        '%EF%BC%8E%EF%BC%8E%EF%BC%8F',
        'con',
      ]) {
        for (const resource of ['events', 'news', 'partners']) {
          const response = await visitor.request('GET', `/api/${resource}/get-by-id/${id}`);
          expect(response.statusCode, id).toBe(404);
          expect(response.json().error.code).toBe('NOT_FOUND');
        }
      }
      for (const path of [
        '/..%2f..%2fetc/passwd',
        '/assets/..%2f..%2fpackage.json',
        '/%2e%2e/%2e%2e/etc/passwd',
      ]) {
        const response = await t.app.inject(path);
        expect(response.body, path).not.toMatch(/root:|"dependencies"/);
        expect([302, 400, 404], path).toContain(response.statusCode);
      }
    });
    it('answers malformed percent-encoding with 400 and an over-long id with 414, never 5xx', async () => {
      // Fastify meets these before routing; app.ts hands them to frameworkErrors for the API's shape.
      for (const [path, status] of [
        ['/api/news/get-by-id/%E0%A4%A', 400],
        ['/api/news/get-by-id/%FF', 400],
        [`/api/news/get-by-id/${'a'.repeat(600)}`, 414],
      ] as const) {
        const response = await visitor.request('GET', path);
        expect(response.statusCode, path).toBe(status);
        expect(response.headers['content-type'], path).toMatch(/^application\/json/);
        expect(response.json().error, path).toEqual({
          code: expect.any(String),
          message: expect.any(String),
        });
        expect(response.headers['x-content-type-options'], path).toBe('nosniff');
        expect(response.body, path).not.toMatch(/\bat .*\.(ts|js):\d+|node_modules/);
      }
    });
  });

  describe('admin input', () => {
    it.each(IMPOSSIBLE_DAYS)(
      'refuses the impossible day %s in the inbox filters and export with 400',
      async (day) => {
        for (const path of ['/api/admin/requests', '/api/admin/requests/export.csv']) {
          for (const key of ['from', 'to']) {
            const response = await admin.request('GET', `${path}?${key}=${day}`);
            expect(response.statusCode, `${path} ${key}`).toBe(400);
            expect(response.json().error.fields, `${path} ${key}`).toEqual({
              [key]: 'Esa fecha no existe en el calendario',
            });
          }
        }
      },
    );

    it.each(MALFORMED_MULTIPART)('refuses an upload $name with 400', async ({ contentType, body }) => {
      const before = await t.app.db
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const response = await raw(
        'POST',
        '/api/uploads',
        Buffer.from(body, 'latin1'),
        { 'content-type': contentType },
        admin,
      );
      expect(response.statusCode).toBe(400);
      // An empty form is well formed, only missing its file.
      expect(['INVALID_MULTIPART', 'VALIDATION_ERROR']).toContain(response.json().error.code);
      expect(response.json().error.fields).toHaveProperty('file');
      const after = await t.app.db
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });
  });

  describe('cross-site scripting', () => {
    it.each(XSS_VECTORS)('news HTML keeps no active content from %s', async (vector) => {
      const response = await admin.request('POST', '/api/news/create', {
        news: { ...validBodies.news(), description: `<p>Texto</p>${vector}` },
      });
      expect(response.statusCode).toBe(201);
      const stored = response.json().data.description as string;
      expect(activeContent(stored), 'stored').toEqual([]);
      // The browser cleans it again before showing it; that layer alone also stops the vector.
      const shown = purify.sanitize(vector, { USE_PROFILES: { html: true } });
      expect(activeContent(shown, false), 'shown').toEqual([]);
    });

    it('refuses news HTML that is nothing but what sanitising removes, with 400', async () => {
      const response = await admin.request('POST', '/api/news/create', {
        news: { ...validBodies.news(), description: '<script>alert(1)</script>' },
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual(['description']);
    });

    it('keeps markup in plain-text fields as inert text, served only as JSON', async () => {
      for (const vector of XSS_VECTORS.slice(0, 10)) {
        const text = vector.slice(0, 80);
        const partner = await admin.request('POST', '/api/partners/create', {
          partners: { ...validBodies.partner(), name: text, job: text },
        });
        expect(partner.statusCode).toBe(201);
        expect(partner.json().data.name).toBe(text.trim());
        const event = await admin.request('POST', '/api/events/create', {
          event: { ...validBodies.event(), name: text, description: vector },
        });
        expect(event.statusCode).toBe(201);
        expect(event.json().data.description).toBe(vector);
      }
      const list = await visitor.request('GET', '/api/partners/get-all');
      expect(list.headers['content-type']).toMatch(/^application\/json/);
      expect(list.headers['x-content-type-options']).toBe('nosniff');
    });

    it('renders HTML from data only through DOMPurify in the web app', () => {
      const root = join(import.meta.dirname, '../../../web');
      const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
        (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
      );
      const raw = files.filter((file) =>
        readFileSync(join(root, file), 'utf8').includes('dangerouslySetInnerHTML'),
      );
      expect(raw.length).toBeGreaterThan(0);
      for (const file of raw) {
        const source = readFileSync(join(root, file), 'utf8');
        // Imported with the file, or loaded on demand once the page has hydrated.
        expect(source, file).toMatch(/from 'dompurify'|import\('dompurify'\)/);
        expect(source, file).toMatch(/DOMPurify\.sanitize\(/);
      }
    });
  });

  describe('mail header injection', () => {
    it('keeps CR/LF in names out of the headers: no extra header, no extra recipient', async () => {
      const body = validBodies.contact();
      // An address of its own: the acknowledgements to the shared test address are capped per day.
      Object.assign(body.data, {
        email: 'cabeceras@example.org',
        fullName: 'Ana\r\nBcc: intrusa@example.net',
        company: 'Sol\r\nTo: intrusa@example.net',
        position: 'Ingeniera\r\n\r\nCuerpo falso',
      });
      const response = await visitor.request('POST', '/api/mail/contact', body);
      expect(response.statusCode).toBe(201);
      // Mail of earlier tests may still be arriving: pick this request's two messages by Message-ID.
      const rows = await t.app.db
        .selectFrom('outbox')
        .select('message_id')
        .where('request_id', '=', response.json().data.id)
        .execute();
      expect(rows).toHaveLength(2);
      const ids = new Set(rows.map((row) => row.message_id));
      await waitUntil(() => peer.messages.filter((m) => ids.has(m.messageId ?? '')).length === 2);
      const messages = peer.messages.filter((m) => ids.has(m.messageId ?? ''));
      const recipients = messages.flatMap((message) => [...message.envelope.to, ...message.to]).sort();
      expect(recipients).toEqual([
        'buzon@example.org',
        'buzon@example.org',
        'cabeceras@example.org',
        'cabeceras@example.org',
      ]);
      for (const message of messages) {
        expect(message.headers.has('bcc')).toBe(false);
        expect(message.subject).not.toMatch(/[\r\n]/);
        const headerBlock = message.raw.split(/\r?\n\r?\n/)[0]!;
        expect(headerBlock).not.toMatch(/^(bcc|to): .*intrusa/im);
      }
      expect(messages.some((message) => message.text.includes('intrusa'))).toBe(true);
    });

    it('refuses CR/LF in the e-mail address and the membership type with 400', async () => {
      for (const [field, value] of [
        ['email', 'ana@example.org\r\nBcc: intrusa@example.net'],
        ['email', 'ana@example.org\nintrusa@example.net'],
        ['memberships', 'Individual\r\nBcc: intrusa@example.net'],
      ] as const) {
        const body = validBodies.contact();
        body.data[field] = value;
        const response = await visitor.request('POST', '/api/mail/contact', body);
        expect(response.statusCode, field).toBe(400);
        expect(Object.keys(response.json().error.fields), field).toEqual([field]);
      }
    });
  });

  describe('mail link and acknowledgement abuse', () => {
    it('refuses addresses that would rewrite a mailto: link, with the format message, storing nothing', async () => {
      const before = await count('requests');
      for (const email of MAILTO_INJECTION_EMAILS) {
        const body = validBodies.contact();
        body.data.email = email;
        const response = await visitor.request('POST', '/api/mail/contact', body);
        expect(response.statusCode, email).toBe(400);
        expect(response.json().error.fields, email).toEqual({ email: messages.emailFormat });
      }
      expect(await count('requests')).toBe(before);
    });

    it('sends the acknowledgement without a word the visitor typed', async () => {
      const body = validBodies.contact();
      Object.assign(body.data, {
        email: 'acuse@example.org',
        fullName: 'Reclama tu premio en https://evil.example/premio',
        company: 'Transferencia urgente',
        position: 'Llama al 5599999999',
      });
      const response = await visitor.request('POST', '/api/mail/contact', body);
      expect(response.statusCode).toBe(201);
      const ack = await t.app.db
        .selectFrom('outbox')
        .select(['subject', 'body_text'])
        .where('request_id', '=', response.json().data.id)
        .where('purpose', '=', 'ack')
        .executeTakeFirstOrThrow();
      for (const typed of ['Reclama', 'premio', 'evil', 'Transferencia', '5599999999']) {
        expect(ack.subject + ack.body_text).not.toContain(typed);
      }
    });
  });
});
