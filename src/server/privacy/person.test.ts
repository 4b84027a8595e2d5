import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../shared/clock.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { queueMail } from '../mail/outbox.repository.ts';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { runPrivacyHousekeeping } from './housekeeping.service.ts';
import { emailHash } from './person.service.ts';

const contact = (overrides: Record<string, string> = {}) => ({
  data: {
    fullName: 'Mariana López Cruz',
    company: 'Viento Norte',
    position: 'Directora',
    email: 'Mariana@Example.org',
    phoneNumber: '5512345678',
    ...overrides,
  },
});

/** Her ARCO request, one of the records the person search finds. */
const arcoRequest = {
  data: {
    fullName: 'Mariana López Cruz',
    email: 'mariana@example.org',
    right: 'acceso',
    details: 'Quiero saber qué datos míos tienen.',
  },
};

describe.each(testDialects)('a person in one place on %s', (dialect) => {
  let t: TestApp;
  let admin: Browser;
  const email = 'mariana@example.org';
  beforeAll(async () => {
    // No SMTP: mail stays pending in the outbox, so blocking can be seen to cancel it.
    t = await createTestApp(dialect, { privacyBlockDays: 30 });
    admin = new Browser(t.app);
    await admin.login();
    // Cancelling a person asks for a freshly confirmed password (the step-up).
    expect((await admin.confirm()).statusCode).toBe(200);
    const visitor = new Browser(t.app);
    expect((await visitor.request('POST', '/api/mail/contact', contact())).statusCode).toBe(201);
    expect(
      (await visitor.request('POST', '/api/mail/contact', contact({ memberships: 'Individual' }))).statusCode,
    ).toBe(201);
    expect((await visitor.request('POST', '/api/privacy/requests', arcoRequest)).statusCode).toBe(201);
    expect(
      (
        await visitor.request(
          'POST',
          '/api/mail/contact',
          contact({ email: 'otra@example.org', fullName: 'Rosa Díaz' }),
        )
      ).statusCode,
    ).toBe(201);
  });
  afterAll(async () => t.close());

  const person = async (address = email) => {
    const response = await admin.request(
      'GET',
      `/api/admin/privacy/person?email=${encodeURIComponent(address)}`,
    );
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  const inbox = async (query = '') =>
    (await admin.request('GET', `/api/admin/requests${query}`)).json().data as { email: string }[];

  it('finds everything stored about an address across every table, whatever its case', async () => {
    const record = await person('MARIANA@example.org ');
    expect(record.email).toBe(email);
    expect(record.blocked).toBeNull();
    expect(record.requests.map((r: { kind: string }) => r.kind)).toEqual(['contacto', 'Individual']);
    expect(record.arcoRequests).toHaveLength(1);
    expect(record.consents.map((c: { source: string }) => c.source)).toEqual([
      'contacto',
      'membresia',
      'derechos-arco',
    ]);
    expect(record.outbox.map((m: { purpose: string }) => m.purpose).sort()).toEqual([
      'ack',
      'ack',
      'arco-ack',
    ]);
    expect(JSON.stringify(record)).not.toContain('otra@example.org');
  });

  it('exports the same record as a JSON file, and the export is audited without the address', async () => {
    const response = await admin.request('GET', `/api/admin/privacy/person/export?email=${email}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="datos-personales-/);
    expect(JSON.parse(response.body).requests).toHaveLength(2);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'privacy.person.export')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.target_id).toBe(emailHash(t.app.privacyHashKey, email));
    expect(JSON.stringify(audit)).not.toContain(email);
  });

  it('refuses to cancel a person without a freshly confirmed password, and blocks nothing', async () => {
    const unconfirmed = new Browser(t.app);
    await unconfirmed.login();
    const response = await unconfirmed.request('POST', '/api/admin/privacy/person/cancel', {
      data: { email },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('STEP_UP_REQUIRED');
    expect((await person()).blocked).toBeNull();
  });

  it('blocks the person at once: pending mail cancelled, gone from the inbox, its search and its CSV', async () => {
    expect((await inbox()).some((item) => item.email.toLowerCase() === email)).toBe(true);
    const [one] = (await inbox('?q=mariana')) as { id: string; email: string }[];
    const response = await admin.request('POST', '/api/admin/privacy/person/cancel', { data: { email } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ email, cancelledMail: 3 });

    const mail = await t.app.db.selectFrom('outbox').select(['to_address', 'status']).execute();
    const theirs = mail.filter((row) => row.to_address.toLowerCase() === email);
    expect(theirs.map((row) => row.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(mail.filter((row) => row.to_address === 'otra@example.org').map((row) => row.status)).toEqual([
      'pending',
    ]);

    expect((await inbox()).map((item) => item.email)).toEqual(['otra@example.org']);
    expect(await inbox('?q=mariana')).toEqual([]);
    expect((await admin.request('GET', `/api/admin/requests/${one!.id}`)).statusCode).toBe(404);
    const csv = (await admin.request('GET', '/api/admin/requests/export.csv')).body;
    expect(csv).toContain('otra@example.org');
    expect(csv.toLowerCase()).not.toContain(email);

    // Consents are withdrawn; the audit names the hash, not the address.
    const record = await person();
    expect(record.blocked).not.toBeNull();
    expect(record.consents.every((c: { withdrawnAt: string | null }) => c.withdrawnAt !== null)).toBe(true);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'privacy.person.cancel')
      .executeTakeFirstOrThrow();
    expect(audit.target_id).toBe(emailHash(t.app.privacyHashKey, email));

    expect(
      (await admin.request('POST', '/api/admin/privacy/person/cancel', { data: { email } })).statusCode,
    ).toBe(409);

    // A form sent again from a blocked address is stored for the association, but nothing is mailed to it.
    const again = await new Browser(t.app).request('POST', '/api/mail/contact', contact());
    const rows = await t.app.db
      .selectFrom('outbox')
      .select('purpose')
      .where('request_id', '=', again.json().data.id)
      .execute();
    expect(rows.map((row) => row.purpose)).toEqual(['notify']);
  });

  it('erases the person once the blocking period is over, keeping only the hashed proof of consent', async () => {
    const soon = await runPrivacyHousekeeping(t.app, new Date(Date.now() + 29 * DAY_MS));
    expect(soon.people).toBe(0);
    expect((await person()).requests).toHaveLength(3);

    const later = await runPrivacyHousekeeping(t.app, new Date(Date.now() + 31 * DAY_MS));
    expect(later.people).toBe(1);
    const record = await person();
    expect(record).toMatchObject({ blocked: null, requests: [], consents: [], outbox: [], arcoRequests: [] });

    const hash = emailHash(t.app.privacyHashKey, email);
    const proof = await t.app.db.selectFrom('consents').selectAll().where('email', '=', hash).execute();
    expect(proof).toHaveLength(4);
    expect(
      proof.every((row) => row.withdrawn_at !== null && row.notice_version === PRIVACY_NOTICE_VERSION),
    ).toBe(true);
    const arcoRow = await t.app.db
      .selectFrom('privacy_requests')
      .selectAll()
      .where('email', '=', hash)
      .executeTakeFirstOrThrow();
    expect(arcoRow).toMatchObject({ full_name: '', details: '' });
    expect(
      await t.app.db
        .selectFrom('blocked_people')
        .select(['email', 'erased_at'])
        .where('email', '=', hash)
        .execute(),
    ).toEqual([{ email: hash, erased_at: expect.any(String) }]);
    // Nothing else of hers is anywhere, and the other person is untouched.
    for (const table of ['requests', 'outbox', 'privacy_requests', 'consents', 'blocked_people'] as const) {
      const rows = await t.app.db.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows).toLowerCase()).not.toContain(email);
    }
    expect((await inbox()).map((item) => item.email)).toEqual(['otra@example.org']);
  });
});

describe.each(testDialects)('retention and deletion on %s', (dialect) => {
  let t: TestApp;
  let admin: Browser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = new Browser(t.app);
    await admin.login();
    expect((await admin.confirm()).statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  it('deletes one request from the inbox, with its mail, and says who did it in the audit log', async () => {
    const { id } = (await new Browser(t.app).request('POST', '/api/mail/contact', contact())).json().data;
    const response = await admin.request('DELETE', `/api/admin/requests/${id}`);
    expect(response.statusCode).toBe(200);
    expect(await t.app.db.selectFrom('requests').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await t.app.db.selectFrom('outbox').select('id').where('request_id', '=', id).execute()).toEqual(
      [],
    );
    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'requests.delete')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ admin_email: 'admin@example.org', target_id: id });
    expect((await admin.request('DELETE', `/api/admin/requests/${id}`)).statusCode).toBe(404);
  });

  it('deletes audit entries older than two years', async () => {
    const old = new Date(Date.now() - 731 * DAY_MS);
    await recordAudit(t.app.db, { adminId: null, action: 'viejo', method: 'SYSTEM', path: 'x' }, old);
    await recordAudit(t.app.db, { adminId: null, action: 'reciente', method: 'SYSTEM', path: 'x' });
    const result = await runPrivacyHousekeeping(t.app);
    expect(result.pruned).toBe(1);
    const actions = (await t.app.db.selectFrom('audit_log').select('action').execute()).map((r) => r.action);
    expect(actions).toContain('reciente');
    expect(actions).not.toContain('viejo');
  });

  it('blocks a person once when two cancellations arrive at once: the second is told she is blocked already', async () => {
    const cancel = () =>
      admin.request('POST', '/api/admin/privacy/person/cancel', { data: { email: 'dos-veces@example.org' } });
    const responses = await Promise.all([cancel(), cancel()]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select('target_id')
      .where('action', '=', 'privacy.person.cancel')
      .execute();
    expect(audit).toEqual([{ target_id: emailHash(t.app.privacyHashKey, 'dos-veces@example.org') }]);
  });

  it('leaves no queued mail to a blocked person unsent by mistake: the cancelled rows are never claimed', async () => {
    await queueMail(
      t.app.db,
      [{ purpose: 'x', to: 'bloqueada@example.org', subject: 's', text: 't' }],
      'a@b.mx',
    );
    const response = await admin.request('POST', '/api/admin/privacy/person/cancel', {
      data: { email: 'Bloqueada@example.org' },
    });
    expect(response.json().data.cancelledMail).toBe(1);
    const row = await t.app.db
      .selectFrom('outbox')
      .select('status')
      .where('to_address', '=', 'bloqueada@example.org')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
  });
});
