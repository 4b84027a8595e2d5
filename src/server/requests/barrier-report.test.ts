import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addBusinessDays } from '../../shared/arco.ts';
import { barrierApiRoutes, barrierPaths } from '../../shared/barriers.ts';
import { clock, isoDay } from '../../shared/clock.ts';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.ts';

const SITE = 'https://sitio.example.org';
const INBOX = 'buzon@example.org';

interface Item {
  id: string;
  kind: string;
  email: string;
  pageUrl: string | null;
  details: string | null;
  answerDue: string | null;
  businessDaysLeft: number | null;
  status: string;
}

describe.each(testDialects)('reports of accessibility barriers on %s', (dialect) => {
  let t: TestApp;
  let peer: SmtpPeer;
  let admin: Browser;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(dialect, { smtpUrl: peer.url, contactRateLimit: 1_000 });
    admin = new Browser(t.app);
    await admin.login();
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });
  beforeEach(() => peer.clear());

  const barrierItems = async () => {
    const response = await admin.request('GET', '/api/admin/requests?kind=barrera');
    expect(response.statusCode).toBe(200);
    return response.json<{ data: Item[] }>().data;
  };
  const plainPost = (fields: Record<string, string>, headers: Record<string, string> = { origin: SITE }) =>
    t.app.inject({
      method: 'POST',
      url: barrierPaths.page,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });

  it('stores a report through the API as its own inbox kind, due in ten business days, and mails both sides', async () => {
    const response = await new Browser(t.app).request('POST', barrierApiRoutes.report, {
      data: {
        pageUrl: 'https://sitio.example.org/Membresias',
        details: 'El botón de enviar no se anuncia con el lector de pantalla.',
        email: 'lectora@example.org',
      },
    });
    expect(response.statusCode).toBe(201);
    const expectedDue = isoDay(addBusinessDays(clock.today(), 10));
    expect(response.json()).toEqual({ data: { answerDue: expectedDue } });

    const [item] = (await barrierItems()).filter((row) => row.email === 'lectora@example.org');
    expect(item).toMatchObject({
      kind: 'barrera',
      status: 'nueva',
      pageUrl: 'https://sitio.example.org/Membresias',
      details: 'El botón de enviar no se anuncia con el lector de pantalla.',
      answerDue: expectedDue,
    });
    expect(item!.businessDaysLeft).toBe(10);
    // The same deadline in the request's own page; once handled, none is pending.
    const one = await admin.request('GET', `/api/admin/requests/${item!.id}`);
    expect(one.json().data.answerDue).toBe(expectedDue);
    expect(
      (await admin.request('PUT', `/api/admin/requests/${item!.id}/status`, { status: 'atendida' }))
        .statusCode,
    ).toBe(200);
    expect((await admin.request('GET', `/api/admin/requests/${item!.id}`)).json().data).toMatchObject({
      answerDue: null,
      businessDaysLeft: null,
    });

    const mails = await peer.waitForMessages(2, 10_000);
    const notice = mails.find((mail) => mail.envelope.to.includes(INBOX))!;
    expect(notice.subject).toBe('Barrera de accesibilidad reportada: https://sitio.example.org/Membresias');
    expect(notice.text).toContain('El botón de enviar no se anuncia');
    expect(notice.headers.get('reply-to')).toMatchObject({ text: 'lectora@example.org' });
    const ack = mails.find((mail) => mail.envelope.to.includes('lectora@example.org'))!;
    expect(ack.subject).toBe('Recibimos tu reporte de accesibilidad');
    expect(ack.text).not.toContain('Membresias');
    expect(ack.text).not.toContain('lector de pantalla.');
  });

  it('takes a report without an e-mail: stored and told to the association only, with no consent', async () => {
    const response = await new Browser(t.app).request('POST', barrierApiRoutes.report, {
      data: {
        pageUrl: 'Calendario de eventos',
        details: 'No puedo cambiar de mes con el teclado.',
        email: '',
      },
    });
    expect(response.statusCode).toBe(201);
    const item = (await barrierItems()).find((row) => row.pageUrl === 'Calendario de eventos')!;
    expect(item.email).toBe('');
    const [mail] = await peer.waitForMessages(1, 10_000);
    expect(mail!.envelope.to).toEqual([INBOX]);
    const outbox = await t.app.db
      .selectFrom('outbox')
      .select('purpose')
      .where('request_id', '=', item.id)
      .execute();
    expect(outbox.map((row) => row.purpose)).toEqual(['notify']);
    const consents = await t.app.db
      .selectFrom('consents')
      .select('id')
      .where('ref_id', '=', item.id)
      .execute();
    expect(consents).toEqual([]);
  });

  it('answers bad input with field messages and stores nothing', async () => {
    const before = (await barrierItems()).length;
    const response = await new Browser(t.app).request('POST', barrierApiRoutes.report, {
      data: { pageUrl: ' ', details: '', email: 'no-es-correo' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['details', 'email', 'pageUrl']);
    expect((await barrierItems()).length).toBe(before);
  });

  it('works without script: the plain post is stored and redirected, mistakes answered 400 as a page', async () => {
    const stored = await plainPost({
      pageUrl: '/Socias',
      details: 'Las fotos no tienen descripción.',
      email: 'plano@example.org',
      website: '',
    });
    expect(stored.statusCode).toBe(303);
    expect(stored.headers.location).toBe(barrierPaths.sent);
    const item = (await barrierItems()).find((row) => row.email === 'plano@example.org')!;
    expect(item).toMatchObject({ pageUrl: '/Socias', details: 'Las fotos no tienen descripción.' });
    const consents = await t.app.db
      .selectFrom('consents')
      .select(['source', 'purpose'])
      .where('ref_id', '=', item.id)
      .execute();
    expect(consents).toEqual([{ source: 'accesibilidad', purpose: 'privacy-notice' }]);

    const mistakes = await plainPost({ pageUrl: '/Inicio', details: '', email: '' });
    expect(mistakes.statusCode).toBe(400);
    expect(mistakes.headers['cache-control']).toBe('no-store');

    // Another site's post is refused as a page, and nothing is stored.
    const before = (await barrierItems()).length;
    const foreign = await plainPost(
      { pageUrl: '/Inicio', details: 'x', email: '' },
      { origin: 'https://otro.example' },
    );
    expect(foreign.statusCode).toBe(403);
    expect((await barrierItems()).length).toBe(before);

    const sent = await t.app.inject({ method: 'GET', url: barrierPaths.sent });
    expect(sent.statusCode).toBe(200);
  });

  it('keeps a report with its honeypot filled as spam, mailed to nobody', async () => {
    const response = await new Browser(t.app).request('POST', barrierApiRoutes.report, {
      data: { pageUrl: '/Inicio', details: 'Compra ya', email: 'spam@example.org', website: 'https://x' },
    });
    expect(response.statusCode).toBe(201);
    const spam = await t.app.db
      .selectFrom('requests')
      .select(['id', 'spam'])
      .where('email', '=', 'spam@example.org')
      .executeTakeFirstOrThrow();
    expect(spam.spam).toBe(1);
    expect(
      await t.app.db.selectFrom('outbox').select('id').where('request_id', '=', spam.id).execute(),
    ).toEqual([]);
  });
});
