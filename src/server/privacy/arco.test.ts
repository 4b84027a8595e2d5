import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FOLIO_PATTERN, arcoDeadlines, formatDueDay, type ArcoStatus } from '../../shared/arco.ts';
import { DAY_MS } from '../../shared/clock.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.ts';
import { ARCO_ACK_DAILY_CAP, changeArcoStatus } from './arco.service.ts';

const arco = (overrides: Record<string, string> = {}) => ({
  data: {
    fullName: 'Mariana López Cruz',
    email: 'mariana@example.org',
    right: 'acceso',
    details: 'Quiero saber qué datos míos tienen.',
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
