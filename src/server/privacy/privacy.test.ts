import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FOLIO_PATTERN, arcoDeadlines, formatDueDay, type ArcoStatus } from '../../shared/arco.ts';
import { DAY_MS } from '../../shared/clock.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { queueMail } from '../mail/outbox.repository.ts';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.ts';
import { ARCO_ACK_DAILY_CAP, changeArcoStatus } from './arco.service.ts';
import { runPrivacyHousekeeping } from './housekeeping.service.ts';
import { emailHash } from './person.service.ts';

const arco = (overrides: Record<string, string> = {}) => ({
  data: {
    fullName: 'Mariana López Cruz',
    email: 'mariana@example.org',
    right: 'acceso',
    details: 'Quiero saber qué datos míos tienen.',
    ...overrides,
  },
});

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

describe.each(testDialects)('ARCO requests on %s', (dialect) => {
  let t: TestApp;
  let peer: SmtpPeer;
  let admin: Browser;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(dialect, { smtpUrl: peer.url });
    admin = new Browser(t.app);
    await admin.login();
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });
  beforeEach(() => peer.clear());

  it('stores the request with a folio, its consent and its mail before answering 201', async () => {
    const response = await new Browser(t.app).request('POST', '/api/privacy/requests', arco());
    expect(response.statusCode).toBe(201);
    const { folio, answerDue } = response.json().data;
    expect(folio).toMatch(FOLIO_PATTERN);
    const stored = await t.app.db
      .selectFrom('privacy_requests')
      .selectAll()
      .where('folio', '=', folio)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ email: 'mariana@example.org', right_kind: 'acceso', status: 'recibida' });
    expect(answerDue).toBe(arcoDeadlines(stored.received_at).answerDue);
    const consent = await t.app.db
      .selectFrom('consents')
      .selectAll()
      .where('ref_id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(consent).toMatchObject({
      purpose: 'privacy-notice',
      source: 'derechos-arco',
      notice_version: PRIVACY_NOTICE_VERSION,
    });

    const delivered = await peer.waitForMessages(2, 10_000);
    const ack = delivered.find((message) => message.envelope.to.includes('mariana@example.org'))!;
    expect(ack.headers.get('subject')).toContain(folio);
    expect(ack.text).toContain(`Folio: ${folio}`);
    expect(ack.text).toContain(formatDueDay(answerDue));
    // What was typed goes to the association only.
    expect(ack.text).not.toContain('Quiero saber');
    const notice = delivered.find((message) => message.envelope.to.includes('buzon@example.org'))!;
    expect(notice.text).toContain('Quiero saber qué datos míos tienen.');
  });

  it('refuses an unknown right and a missing name with Spanish field messages', async () => {
    const response = await new Browser(t.app).request(
      'POST',
      '/api/privacy/requests',
      arco({ right: 'borrar', fullName: '' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      right: 'Elige el derecho que quieres ejercer',
      fullName: 'Este campo es requerido',
    });
  });

  it('takes the form posted without script and shows the folio on the page it redirects to', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/DerechosARCO',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://sitio.example.org' },
      payload: new URLSearchParams({ ...arco({ right: 'cancelacion' }).data, website: '' }).toString(),
    });
    expect(response.statusCode).toBe(303);
    const location = String(response.headers.location);
    const folio = new URL(location, 'https://x').searchParams.get('folio')!;
    expect(location.startsWith('/DerechosARCO/Recibida?folio=')).toBe(true);
    expect(
      await t.app.db.selectFrom('privacy_requests').select('right_kind').where('folio', '=', folio).execute(),
    ).toEqual([{ right_kind: 'cancelacion' }]);
    const page = await t.app.inject({ method: 'GET', url: location });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');

    const refused = await t.app.inject({
      method: 'POST',
      url: '/DerechosARCO',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://otro.example' },
      payload: new URLSearchParams(arco().data).toString(),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('lists the requests for the admin with their due days and records who changed the status', async () => {
    const { folio } = (await new Browser(t.app).request('POST', '/api/privacy/requests', arco())).json().data;
    const list = await admin.request('GET', '/api/admin/privacy/requests');
    expect(list.statusCode).toBe(200);
    const item = list.json().data.find((row: { folio: string }) => row.folio === folio);
    expect(item).toMatchObject({ status: 'recibida', answerDue: expect.any(String), businessDaysLeft: 20 });

    const changed = await admin.request('PUT', `/api/admin/privacy/requests/${item.id}/status`, {
      status: 'respondida',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.answeredAt).not.toBeNull();
    const detail = (await admin.request('GET', `/api/admin/privacy/requests/${item.id}`)).json().data;
    expect(detail.history).toEqual([
      expect.objectContaining({
        adminEmail: 'admin@example.org',
        action: 'privacy.requests.status',
        detail: 'Estado: Respondida',
      }),
    ]);
    expect((await new Browser(t.app).request('GET', '/api/admin/privacy/requests')).statusCode).toBe(401);
  });

  it('stamps the answer and the conclusion the first time only, and clears the conclusion when reopened', async () => {
    const { folio } = (await new Browser(t.app).request('POST', '/api/privacy/requests', arco())).json().data;
    const { id } = await t.app.db
      .selectFrom('privacy_requests')
      .select('id')
      .where('folio', '=', folio)
      .executeTakeFirstOrThrow();
    const change = async (status: ArcoStatus, at: string) =>
      (await changeArcoStatus(t.app.db, id, status, new Date(at)))!.item;
    expect(await change('respondida', '2031-03-04T16:00:00.000Z')).toMatchObject({
      answeredAt: '2031-03-04T16:00:00.000Z',
      completedAt: null,
    });
    expect(await change('concluida', '2031-03-11T16:00:00.000Z')).toMatchObject({
      answeredAt: '2031-03-04T16:00:00.000Z',
      completedAt: '2031-03-11T16:00:00.000Z',
      nextDue: null,
    });
    expect(await change('concluida', '2031-03-12T16:00:00.000Z')).toMatchObject({
      completedAt: '2031-03-11T16:00:00.000Z',
    });
    expect(await change('en_tramite', '2031-03-13T16:00:00.000Z')).toMatchObject({
      status: 'en_tramite',
      answeredAt: '2031-03-04T16:00:00.000Z',
      completedAt: null,
    });
    expect(await changeArcoStatus(t.app.db, 'no-such-id', 'concluida')).toBeUndefined();
  });

  it('points out on the summary the requests overdue and those due within five business days', async () => {
    const now = Date.now();
    const insert = async (folio: string, daysAgo: number) => {
      const at = new Date(now - daysAgo * DAY_MS).toISOString();
      await t.app.db
        .insertInto('privacy_requests')
        .values({
          id: folio,
          folio,
          full_name: 'X',
          email: 'x@example.org',
          right_kind: 'oposicion',
          details: 'x',
          status: 'recibida',
          received_at: at,
          answered_at: null,
          completed_at: null,
          updated_at: at,
        })
        .execute();
    };
    await insert('ARCO-000000-AAAA', 40);
    await insert('ARCO-000000-BBBB', 25);
    const summary = (await admin.request('GET', '/api/admin/privacy/summary')).json().data;
    expect(summary.overdue.map((item: { folio: string }) => item.folio)).toContain('ARCO-000000-AAAA');
    expect(summary.dueSoon.map((item: { folio: string }) => item.folio)).toContain('ARCO-000000-BBBB');
    expect(summary.overdue.map((item: { folio: string }) => item.folio)).not.toContain('ARCO-000000-BBBB');
  });
});

describe.each(testDialects)('ARCO acknowledgements per address on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { contactRateLimit: 1_000 });
  });
  afterAll(async () => t.close());

  it(`sends at most ${ARCO_ACK_DAILY_CAP} to one address however many arrive at once, and stores and notifies each`, async () => {
    const browser = new Browser(t.app);
    // The cap follows the address whatever its case.
    const burst = Array.from({ length: ARCO_ACK_DAILY_CAP + 2 }, (_, i) =>
      i % 2 ? 'MISMA@example.org' : 'misma@example.org',
    );
    const responses = await Promise.all(
      burst.map((email) => browser.request('POST', '/api/privacy/requests', arco({ email }))),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(burst.map(() => 201));
    const outbox = await t.app.db.selectFrom('outbox').select(['purpose', 'to_address']).execute();
    expect(outbox.filter((row) => row.purpose === 'arco-notify')).toHaveLength(burst.length);
    expect(outbox.filter((row) => row.purpose === 'arco-ack')).toHaveLength(ARCO_ACK_DAILY_CAP);
    expect(await t.app.db.selectFrom('privacy_requests').select('id').execute()).toHaveLength(burst.length);

    // Another address is not held back by the first one's cap.
    await browser.request('POST', '/api/privacy/requests', arco({ email: 'otra@example.org' }));
    const other = await t.app.db
      .selectFrom('outbox')
      .select('purpose')
      .where('to_address', '=', 'otra@example.org')
      .execute();
    expect(other).toEqual([{ purpose: 'arco-ack' }]);
  });
});

describe.each(testDialects)('a person in one place on %s', (dialect) => {
  let t: TestApp;
  let admin: Browser;
  const email = 'mariana@example.org';
  beforeAll(async () => {
    // No SMTP: mail stays pending in the outbox, so blocking can be seen to cancel it.
    t = await createTestApp(dialect, { privacyBlockDays: 30 });
    admin = new Browser(t.app);
    await admin.login();
    const visitor = new Browser(t.app);
    expect((await visitor.request('POST', '/api/mail/contact', contact())).statusCode).toBe(201);
    expect(
      (await visitor.request('POST', '/api/mail/contact', contact({ memberships: 'Individual' }))).statusCode,
    ).toBe(201);
    expect((await visitor.request('POST', '/api/privacy/requests', arco())).statusCode).toBe(201);
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
