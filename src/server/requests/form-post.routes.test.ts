import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.ts';

const SITE = 'https://sitio.example.org';
const form = {
  fullName: 'Paola Ruiz Medina',
  company: 'Sol de Oaxaca',
  position: 'Jefa de proyectos',
  email: 'paola@example.org',
  phoneNumber: '5598765432',
  website: '',
};
const encode = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe.each(testDialects)('plain form posts to /Solicitud on %s', (dialect) => {
  let t: TestApp;
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(dialect, { smtpUrl: peer.url, contactRateLimit: 1_000 });
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });
  beforeEach(() => peer.clear());

  const post = (body: string, headers: Record<string, string> = { origin: SITE }) =>
    t.app.inject({
      method: 'POST',
      url: '/Solicitud',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: body,
    });
  const requestsOf = (email: string) =>
    t.app.db.selectFrom('requests').selectAll().where('email', '=', email).execute();

  it('stores a contact message with its mail, delivers it and sends the visitor to the confirmation', async () => {
    const email = 'contacto-plano@example.org';
    const response = await post(encode({ ...form, email }));
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/SolicitudEnviada');
    const [stored] = await requestsOf(email);
    expect(stored).toMatchObject({ kind: 'contacto', full_name: form.fullName, spam: 0 });
    const outbox = await t.app.db
      .selectFrom('outbox')
      .selectAll()
      .where('request_id', '=', stored!.id)
      .execute();
    expect(outbox.map((row) => row.purpose).sort()).toEqual(['ack', 'notify']);
    const delivered = await peer.waitForMessages(2, 10_000);
    expect(delivered.flatMap((message) => message.envelope.to).sort()).toEqual(
      ['buzon@example.org', email].sort(),
    );
    expect(delivered.find((m) => m.envelope.to.includes('buzon@example.org'))?.text).toContain(form.fullName);
  });

  it('stores a membership request with the type chosen, told by Sec-Fetch-Site that it is the site’s own', async () => {
    const email = 'membresia-plana@example.org';
    const response = await post(encode({ ...form, email, memberships: 'Estudiantil' }), {
      'sec-fetch-site': 'same-origin',
    });
    expect(response.statusCode).toBe(303);
    expect(await requestsOf(email)).toMatchObject([{ kind: 'Estudiantil' }]);
  });

  it('answers a form with mistakes as a page, stores nothing and keeps it out of every cache', async () => {
    const email = 'no-es-correo';
    const response = await post(encode({ ...form, email, phoneNumber: '123', company: '' }));
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await requestsOf(email)).toEqual([]);
  });

  it('refuses an unknown membership type like the API does', async () => {
    const email = 'tipo-raro@example.org';
    const response = await post(encode({ ...form, email, memberships: 'Vitalicia' }));
    expect(response.statusCode).toBe(400);
    expect(await requestsOf(email)).toEqual([]);
  });

  it.each([
    ['another site’s Origin', { origin: 'https://otro-sitio.example' }],
    ['no Origin nor Sec-Fetch-Site', {} as Record<string, string>],
    ['an opaque Origin', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site', origin: SITE }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ])('refuses a post with %s (403, as a page) and stores nothing', async (_case, headers) => {
    const email = `cruzado-${Object.keys(headers).join('-') || 'nada'}@example.org`;
    const response = await post(encode({ ...form, email }), headers);
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(await requestsOf(email)).toEqual([]);
  });

  it('accepts the Origin of the address it was reached at, as behind its own host name', async () => {
    const email = 'mismo-host@example.org';
    const response = await post(encode({ ...form, email }), {
      host: 'localhost:4000',
      origin: 'http://localhost:4000',
    });
    expect(response.statusCode).toBe(303);
    expect(await requestsOf(email)).toHaveLength(1);
  });

  it('keeps a request whose honeypot is filled, marked as spam and never mailed', async () => {
    const email = 'robot-plano@example.org';
    const response = await post(encode({ ...form, email, website: 'https://spam.example' }));
    expect(response.statusCode).toBe(303);
    const [stored] = await requestsOf(email);
    expect(stored?.spam).toBe(1);
    expect(
      await t.app.db.selectFrom('outbox').selectAll().where('request_id', '=', stored!.id).execute(),
    ).toEqual([]);
  });

  it('refuses a body larger than a form as a page (413)', async () => {
    const response = await post(encode({ ...form, fullName: 'x'.repeat(20_000) }));
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it('leaves the API as it is: a form body there is still 415, and a post without token 403', async () => {
    const visitor = new Browser(t.app);
    await visitor.csrf();
    const formBody = await t.app.inject({
      method: 'POST',
      url: '/api/mail/contact',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-xsrf-token': visitor.token,
        cookie: Object.entries(visitor.jar)
          .map(([name, value]) => `${name}=${value}`)
          .join('; '),
      },
      payload: encode(form),
    });
    expect(formBody.statusCode).toBe(415);
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/mail/contact',
      headers: { origin: SITE },
      payload: { data: form },
    });
    expect(noToken.statusCode).toBe(403);
  });

  it('serves the confirmation page', async () => {
    const response = await t.app.inject('/SolicitudEnviada');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('plain form posts under the rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { contactRateLimit: 2 });
  });
  afterAll(async () => t.close());

  it('answers the third post in a minute with 429 as a page, and stores only two', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/Solicitud',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE },
        payload: encode({ ...form, email: `limite-${i}@example.org` }),
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.body).not.toContain('"error"');
      }
    }
    expect(statuses).toEqual([303, 303, 429]);
    const stored = await t.app.db.selectFrom('requests').select('id').execute();
    expect(stored).toHaveLength(2);
  });
});
