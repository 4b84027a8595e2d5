import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages, messages } from '../../shared/messages.ts';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import { ACK_DAILY_CAP } from './accept-request.ts';

const form = {
  fullName: 'Lucía Méndez',
  company: 'Viento Sur',
  position: 'Ingeniera de campo',
  email: 'lucia@example.org',
  phoneNumber: '5512345678',
};

describe.each(testDialects)('POST /api/mail/contact on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // No SMTP: requests must be stored and answered all the same.
    t = await createTestApp(dialect, { contactRateLimit: 4 });
  });
  afterAll(async () => t.close());

  it('stores a membership request and its mail before answering 201', async () => {
    const response = await new Browser(t.app).request('POST', '/api/mail/contact', {
      data: { ...form, memberships: 'Corporativa', website: '' },
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json().data;
    const stored = await t.app.db
      .selectFrom('requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      kind: 'Corporativa',
      full_name: 'Lucía Méndez',
      email: 'lucia@example.org',
      spam: 0,
    });
    const outbox = await t.app.db.selectFrom('outbox').selectAll().where('request_id', '=', id).execute();
    expect(outbox.map((row) => row.purpose).sort()).toEqual(['ack', 'notify']);
    expect(outbox.every((row) => row.status === 'pending')).toBe(true);
  });

  it('stores a contact message as kind contacto', async () => {
    const response = await new Browser(t.app).request('POST', '/api/mail/contact', { data: form });
    expect(response.statusCode).toBe(201);
    const stored = await t.app.db
      .selectFrom('requests')
      .select('kind')
      .where('id', '=', response.json().data.id)
      .executeTakeFirstOrThrow();
    expect(stored.kind).toBe('contacto');
  });

  it('keeps a honeypot submission as spam and queues no mail', async () => {
    const response = await new Browser(t.app).request('POST', '/api/mail/contact', {
      data: { ...form, website: 'https://spam.example' },
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json().data;
    const stored = await t.app.db
      .selectFrom('requests')
      .select('spam')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.spam).toBe(1);
    expect(await t.app.db.selectFrom('outbox').selectAll().where('request_id', '=', id).execute()).toEqual(
      [],
    );
  });

  it('answers 400 with the Spanish field messages and stores nothing', async () => {
    const before = await t.app.db.selectFrom('requests').select('id').execute();
    const response = await new Browser(t.app).request('POST', '/api/mail/contact', {
      data: {
        fullName: '',
        company: 'X',
        position: 'Y',
        email: 'no-es-correo',
        phoneNumber: '123',
        memberships: 'VIP',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: apiMessages.validation,
        fields: {
          fullName: 'Este campo es requerido',
          email: 'El campo no cumple con el formato valido de correo',
          phoneNumber: 'El campo solo admite 10 numeros',
          memberships: messages.membershipType,
        },
      },
    });
    expect(await t.app.db.selectFrom('requests').select('id').execute()).toHaveLength(before.length);
  });

  it('rate-limits per IP with a Spanish 429', async () => {
    const browser = new Browser(t.app);
    let last;
    for (let i = 0; i < 3; i++) last = await browser.request('POST', '/api/mail/contact', { data: form });
    expect(last?.statusCode).toBe(429);
    expect(last?.json().error).toEqual({ code: 'RATE_LIMITED', message: apiMessages.rateLimited });
    expect(last?.headers['retry-after']).toBeDefined();
  });
});

describe.each(testDialects)('acknowledgements per address on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { contactRateLimit: 1_000 });
  });
  afterAll(async () => t.close());

  it(`sends at most ${ACK_DAILY_CAP} a day to one address, and still stores and notifies every request`, async () => {
    const browser = new Browser(t.app);
    const ids: string[] = [];
    for (let i = 0; i < ACK_DAILY_CAP + 2; i++) {
      // The cap follows the address whatever its case.
      const email = i % 2 ? 'VICTIMA@example.org' : 'victima@example.org';
      const response = await browser.request('POST', '/api/mail/contact', { data: { ...form, email } });
      expect(response.statusCode).toBe(201);
      ids.push(response.json().data.id);
    }
    const rows = await t.app.db.selectFrom('outbox').select(['request_id', 'purpose']).execute();
    const acks = rows.filter((row) => row.purpose === 'ack').map((row) => row.request_id);
    expect(acks).toEqual(ids.slice(0, ACK_DAILY_CAP));
    expect(rows.filter((row) => row.purpose === 'notify')).toHaveLength(ids.length);
    expect(await t.app.db.selectFrom('requests').select('id').execute()).toHaveLength(ids.length);

    // Another address is not held back by the first one's cap.
    const other = await browser.request('POST', '/api/mail/contact', {
      data: { ...form, email: 'otra@example.org' },
    });
    const own = await t.app.db
      .selectFrom('outbox')
      .select('purpose')
      .where('request_id', '=', other.json().data.id)
      .execute();
    expect(own.map((row) => row.purpose).sort()).toEqual(['ack', 'notify']);
  });

  it('counts only the last 24 hours', async () => {
    const old = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await t.app.db
      .updateTable('outbox')
      .set({ created_at: old })
      .where('to_address', 'in', ['victima@example.org', 'VICTIMA@example.org'])
      .execute();
    const response = await new Browser(t.app).request('POST', '/api/mail/contact', {
      data: { ...form, email: 'victima@example.org' },
    });
    const own = await t.app.db
      .selectFrom('outbox')
      .select('purpose')
      .where('request_id', '=', response.json().data.id)
      .execute();
    expect(own.map((row) => row.purpose).sort()).toEqual(['ack', 'notify']);
  });
});

describe.each(testDialects)('requests sent at the same moment on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { contactRateLimit: 1_000 });
  });
  afterAll(async () => t.close());

  it('are each stored with their mail before their 201, the cap counted across them', async () => {
    const browser = new Browser(t.app);
    await browser.csrf();
    const emails = ['a@example.org', 'b@example.org', 'c@example.org', 'misma@example.org'];
    const burst = [...emails, ...Array<string>(ACK_DAILY_CAP + 1).fill('misma@example.org')];
    const responses = await Promise.all(
      burst.map((email) => browser.request('POST', '/api/mail/contact', { data: { ...form, email } })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(burst.map(() => 201));
    const ids = responses.map((response) => response.json<{ data: { id: string } }>().data.id);
    expect(new Set(ids).size).toBe(burst.length);

    const stored = await t.app.db.selectFrom('requests').select(['id', 'email']).execute();
    expect(stored.map((row) => row.id).sort()).toEqual([...ids].sort());
    const outbox = await t.app.db
      .selectFrom('outbox')
      .select(['request_id', 'purpose', 'to_address'])
      .execute();
    for (const id of ids) {
      expect(outbox.filter((row) => row.request_id === id && row.purpose === 'notify')).toHaveLength(1);
    }
    const acks = outbox.filter((row) => row.purpose === 'ack');
    expect(acks.filter((row) => row.to_address === 'misma@example.org')).toHaveLength(ACK_DAILY_CAP);
    expect(acks).toHaveLength(emails.length - 1 + ACK_DAILY_CAP);
  });
});

describe.each(testDialects)('the consent of a request on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('records the tacit consent to the notice with its version, in the request’s transaction', async () => {
    const email = 'Consiente@Example.org';
    const contact = await new Browser(t.app).request('POST', '/api/mail/contact', {
      data: { ...form, email },
    });
    const membership = await new Browser(t.app).request('POST', '/api/mail/contact', {
      data: { ...form, email, memberships: 'Estudiantil' },
    });
    const consents = await t.app.db
      .selectFrom('consents')
      .selectAll()
      .where('email', '=', 'consiente@example.org')
      .orderBy('given_at')
      .execute();
    expect(
      consents.map(({ purpose, source, notice_version, ref_id, withdrawn_at }) => ({
        purpose,
        source,
        notice_version,
        ref_id,
        withdrawn_at,
      })),
    ).toEqual([
      {
        purpose: 'privacy-notice',
        source: 'contacto',
        notice_version: PRIVACY_NOTICE_VERSION,
        ref_id: contact.json().data.id,
        withdrawn_at: null,
      },
      {
        purpose: 'privacy-notice',
        source: 'membresia',
        notice_version: PRIVACY_NOTICE_VERSION,
        ref_id: membership.json().data.id,
        withdrawn_at: null,
      },
    ]);
    // No voluntary purpose is recorded without its box.
    expect(consents.some((row) => row.purpose === 'newsletter')).toBe(false);
  });
});
