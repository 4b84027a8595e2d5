import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, clock } from '../../shared/clock.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import { consentsOf } from '../consent/consents.repository.ts';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { startSmtpPeer, type ReceivedMessage, type SmtpPeer } from '../test/smtp-peer.ts';
import { queueNextBatch, startSending } from './campaigns.service.ts';
import { purgeExpiredPending } from './subscriptions.service.ts';
import { LEASE_MS } from '../test/mail.ts';

const SITE = 'https://sitio.example.org';
const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: SITE };

const confirmTokenIn = (message: ReceivedMessage) => {
  const match = /\/Boletin\/confirmar\/([A-Za-z0-9_-]+)/.exec(message.text);
  if (!match) throw new Error('no confirmation link');
  return match[1]!;
};
/** A header as the message carries it (unfolded), read from the raw message. */
const rawHeader = (message: ReceivedMessage, name: string) => {
  const head = message.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
};
const unsubscribeUrlIn = (message: ReceivedMessage) => {
  const header = rawHeader(message, 'List-Unsubscribe');
  const match = /<(https:\/\/[^>]+)>/.exec(header);
  if (!match) throw new Error(`no List-Unsubscribe: ${header}`);
  return new URL(match[1]!);
};

describe.each(testDialects)('el boletín en %s', (dialect) => {
  let t: TestApp;
  let peer: SmtpPeer;
  let admin: Browser;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(dialect, {
      smtpUrl: peer.url,
      mail: { maxAttempts: 3, retryBaseMs: 50, leaseMs: LEASE_MS, pollMs: 50, bulkPerMinute: 100_000 },
    });
    admin = new Browser(t.app);
    expect((await admin.login()).statusCode).toBe(200);
    // Sending asks for the password again within five minutes (the step-up): given once, as staff would.
    expect((await admin.confirm()).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });
  beforeEach(() => peer.clear());

  /** Subscribes from the footer's API, and waits for the work done after the answer. */
  const subscribe = async (data: Record<string, unknown>) => {
    const answer = await new Browser(t.app).request('POST', '/api/newsletter/subscribe', { data });
    await t.app.newsletter.idle();
    return answer;
  };
  const subscriberOf = (email: string) =>
    t.app.db
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  const mailTo = async (email: string, count = 1) => {
    await peer.waitForMessages(peer.messages.length >= count ? count : count, 10_000).catch(() => undefined);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = peer.messages.filter((message) => message.envelope.to.includes(email));
      if (found.length >= count || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  /** Subscribes and confirms an address through its mail, as a person would. */
  async function activeSubscriber(email: string) {
    expect((await subscribe({ email })).statusCode).toBe(202);
    const [mail] = await mailTo(email);
    const token = confirmTokenIn(mail!);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/Boletin/confirmar/${token}`,
      headers: FORM,
      payload: '',
    });
    expect(confirmed.statusCode).toBe(303);
    return token;
  }
  async function sendCampaign(subject: string, html = '<p>Hola <strong>socias</strong></p>') {
    const created = await admin.request('POST', '/api/admin/newsletter/campaigns', {
      data: { subject, html },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ data: { id: string } }>().data;
    const sent = await admin.request('POST', `/api/admin/newsletter/campaigns/${id}/send`);
    expect(sent.statusCode).toBe(202);
    await t.app.newsletter.idle();
    return id;
  }
  async function waitUntilSent(id: string) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const progress = (await admin.request('GET', `/api/admin/newsletter/campaigns/${id}`)).json<{
        data: { status: string; total: number; sent: number; failed: number };
      }>().data;
      if (progress.status === 'sent' || Date.now() > deadline) return progress;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('contesta 202 pendiente a toda dirección válida, nueva, pendiente, activa o dada de baja', async () => {
    const fresh = await subscribe({ email: 'nueva@example.org', fullName: 'Ana' });
    expect(fresh.statusCode).toBe(202);
    expect(fresh.json()).toEqual({ data: { status: 'pending' } });
    expect(await subscribe({ email: 'nueva@example.org' })).toMatchObject({ statusCode: 202 });
    await activeSubscriber('activa@example.org');
    const again = await subscribe({ email: 'activa@example.org' });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ data: { status: 'pending' } });
    expect((await subscriberOf('activa@example.org'))?.status).toBe('active');
  });

  it('rechaza con 400 y mensajes por campo una dirección inválida, y no guarda lo del señuelo', async () => {
    const bad = await subscribe({ email: 'no-es-correo' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.email).toBeTruthy();
    const spam = await subscribe({ email: 'robot@example.org', website: 'http://spam' });
    expect(spam.statusCode).toBe(202);
    expect(await subscriberOf('robot@example.org')).toBeUndefined();
  });

  it('confirma solo con el POST de la página, no al abrir el enlace, y registra el consentimiento', async () => {
    const email = 'confirma@example.org';
    await subscribe({ email, fullName: 'Carmen' });
    const [mail] = await mailTo(email);
    expect(mail!.subject).toContain('Confirma');
    const token = confirmTokenIn(mail!);
    const opened = await t.app.inject({ method: 'GET', url: `/Boletin/confirmar/${token}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect((await subscriberOf(email))?.status).toBe('pending');
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `/Boletin/confirmar/${token}`,
      headers: { ...FORM, origin: 'https://otro.example.com' },
      payload: '',
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await subscriberOf(email))?.status).toBe('pending');
    const posted = await t.app.inject({
      method: 'POST',
      url: `/Boletin/confirmar/${token}`,
      headers: FORM,
      payload: '',
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/Boletin/Confirmada');
    expect((await subscriberOf(email))?.status).toBe('active');
    const consents = await consentsOf(t.app.db, email);
    expect(consents).toEqual([
      expect.objectContaining({
        purpose: 'newsletter',
        source: 'boletin',
        noticeVersion: PRIVACY_NOTICE_VERSION,
        withdrawnAt: null,
      }),
    ]);
    // Twice is harmless: no second consent.
    await t.app.inject({ method: 'POST', url: `/Boletin/confirmar/${token}`, headers: FORM, payload: '' });
    expect(await consentsOf(t.app.db, email)).toHaveLength(1);
  });

  it('muestra una página 404 para un enlace desconocido', async () => {
    for (const url of [
      '/Boletin/confirmar/desconocido-desconocido-0123',
      '/Boletin/baja/desconocido-desconocido-0123',
    ]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toContain('text/html');
    }
    const post = await t.app.inject({
      method: 'POST',
      url: '/Boletin/baja/desconocido-desconocido-0123',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(404);
  });

  it('envía como máximo 3 correos de confirmación al día a una dirección', async () => {
    const email = 'insistente@example.org';
    for (let i = 0; i < 5; i++) expect((await subscribe({ email })).statusCode).toBe(202);
    await mailTo(email, 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(peer.messages.filter((m) => m.envelope.to.includes(email))).toHaveLength(3);
  });

  it('el formulario sin script suscribe y lleva a la página de pendiente; otro sitio es rechazado', async () => {
    const email = 'sin-script@example.org';
    const posted = await t.app.inject({
      method: 'POST',
      url: '/Boletin',
      headers: FORM,
      payload: new URLSearchParams({ email, fullName: 'Lucía', website: '' }).toString(),
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/Boletin/Pendiente');
    await t.app.newsletter.idle();
    expect((await subscriberOf(email))?.status).toBe('pending');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/Boletin',
      headers: FORM,
      payload: new URLSearchParams({ email: 'mal' }).toString(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toContain('text/html');
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/Boletin',
      headers: { ...FORM, origin: 'https://otro.example.com' },
      payload: new URLSearchParams({ email: 'otro@example.org' }).toString(),
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await subscriberOf('otro@example.org')).toBeUndefined();
  });

  it('la casilla del formulario de contacto inicia la misma doble confirmación', async () => {
    const email = 'contacto-boletin@example.org';
    const response = await new Browser(t.app).request('POST', '/api/mail/contact', {
      data: {
        fullName: 'Rosa Pérez',
        company: 'Solar',
        position: 'Directora',
        email,
        phoneNumber: '5512345678',
        newsletter: true,
      },
    });
    expect(response.statusCode).toBe(201);
    expect(await subscriberOf(email)).toMatchObject({ status: 'pending', source: 'contacto' });
    const plain = await t.app.inject({
      method: 'POST',
      url: '/Solicitud',
      headers: FORM,
      payload: new URLSearchParams({
        fullName: 'Eva Ruiz',
        company: 'Eólica',
        position: 'Socia',
        email: 'membresia-boletin@example.org',
        phoneNumber: '5512345678',
        memberships: 'Individual',
        newsletter: 'on',
      }).toString(),
    });
    expect(plain.statusCode).toBe(303);
    expect(await subscriberOf('membresia-boletin@example.org')).toMatchObject({ source: 'membresia' });
    const unticked = await new Browser(t.app).request('POST', '/api/mail/contact', {
      data: {
        fullName: 'Sin Boletín',
        company: 'Solar',
        position: 'Directora',
        email: 'sin-boletin@example.org',
        phoneNumber: '5512345678',
      },
    });
    expect(unticked.statusCode).toBe(201);
    expect(await subscriberOf('sin-boletin@example.org')).toBeUndefined();
  });

  it('envía una campaña una vez a cada activa, con sus cabeceras, y la baja en un clic detiene la siguiente', async () => {
    await activeSubscriber('lectora1@example.org');
    await activeSubscriber('lectora2@example.org');
    await subscribe({ email: 'sin-confirmar@example.org' });
    peer.clear();
    const first = await sendCampaign('Boletín de marzo');
    const twice = await admin.request('POST', `/api/admin/newsletter/campaigns/${first}/send`);
    expect(twice.statusCode).toBe(409);
    const progress = await waitUntilSent(first);
    expect(progress).toMatchObject({ status: 'sent', failed: 0 });
    expect(progress.sent).toBe(progress.total);
    const received = peer.messages.filter((m) => m.subject === 'Boletín de marzo');
    const recipients = received.flatMap((m) => m.envelope.to);
    expect(recipients).toContain('lectora1@example.org');
    expect(recipients).toContain('lectora2@example.org');
    expect(recipients).not.toContain('sin-confirmar@example.org');
    expect(new Set(recipients).size).toBe(recipients.length);
    const mine = received.find((m) => m.envelope.to.includes('lectora1@example.org'))!;
    const url = unsubscribeUrlIn(mine);
    expect(url.protocol).toBe('https:');
    expect(url.origin).toBe(SITE);
    expect(rawHeader(mine, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(rawHeader(mine, 'List-Id')).toBe('Boletin <boletin.sitio.example.org>');
    expect(rawHeader(mine, 'Content-Type')).toContain('multipart/alternative');
    expect(mine.html).toContain('Darte de baja');
    expect(mine.html).toContain('<strong>socias</strong>');
    expect(mine.text).toContain('Hola socias');
    expect(mine.text).toContain('Darte de baja');
    const other = received.find((m) => m.envelope.to.includes('lectora2@example.org'))!;
    expect(unsubscribeUrlIn(other).pathname).not.toBe(url.pathname);

    // The mail provider's one-click post: no cookie, no CSRF token, no Origin.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.headers.location).toBeUndefined();
    expect((await subscriberOf('lectora1@example.org'))?.status).toBe('unsubscribed');
    const [consent] = await consentsOf(t.app.db, 'lectora1@example.org');
    expect(consent?.withdrawnAt).not.toBeNull();
    const again = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(again.statusCode).toBe(200);

    peer.clear();
    const second = await sendCampaign('Boletín de abril');
    await waitUntilSent(second);
    const recipientsNow = peer.messages
      .filter((m) => m.subject === 'Boletín de abril')
      .flatMap((m) => m.envelope.to);
    expect(recipientsNow).toContain('lectora2@example.org');
    expect(recipientsNow).not.toContain('lectora1@example.org');
  });

  it('la baja desde la página (GET muestra, el botón da de baja) cancela lo que aún esperaba en el buzón de salida', async () => {
    await activeSubscriber('espera@example.org');
    const subscriber = (await subscriberOf('espera@example.org'))!;
    // Queued for tomorrow, the campaign's row waits in the outbox as it would under the rate.
    const created = await admin.request('POST', '/api/admin/newsletter/campaigns', {
      data: { subject: 'En espera', html: '<p>Texto</p>' },
    });
    const { id } = created.json<{ data: { id: string } }>().data;
    const tomorrow = new Date(Date.now() + DAY_MS);
    expect(await startSending(t.app.db, id, tomorrow)).toBe(true);
    const site = { siteUrl: SITE, mailFrom: 'Sitio <no-responder@example.org>' };
    while ((await queueNextBatch(t.app.db, id, site, tomorrow)) > 0);
    const delivery = await t.app.db
      .selectFrom('newsletter_deliveries')
      .selectAll()
      .where('campaign_id', '=', id)
      .where('subscriber_id', '=', subscriber.id)
      .executeTakeFirstOrThrow();
    const before = await t.app.db
      .selectFrom('outbox')
      .select('status')
      .where('id', '=', delivery.outbox_id)
      .executeTakeFirstOrThrow();
    expect(before.status).toBe('pending');
    // The page opened from the mail: GET changes nothing, the button posts.
    const token = await tokenOfDelivery(delivery.outbox_id);
    const page = await t.app.inject({ method: 'GET', url: `/Boletin/baja/${token}` });
    expect(page.statusCode).toBe(200);
    expect((await subscriberOf('espera@example.org'))?.status).toBe('active');
    const button = await t.app.inject({
      method: 'POST',
      url: `/Boletin/baja/${token}`,
      headers: FORM,
      payload: 'confirmar=1',
    });
    expect(button.statusCode).toBe(303);
    expect(button.headers.location).toBe('/Boletin/BajaConfirmada');
    const after = await t.app.db
      .selectFrom('outbox')
      .select('status')
      .where('id', '=', delivery.outbox_id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('cancelled');
  });

  /** The unsubscribe token written into an outbox row's message. */
  async function tokenOfDelivery(outboxId: string) {
    const row = await t.app.db
      .selectFrom('outbox')
      .select('headers')
      .where('id', '=', outboxId)
      .executeTakeFirstOrThrow();
    const header = (JSON.parse(row.headers!) as Record<string, string>)['List-Unsubscribe']!;
    return /\/Boletin\/baja\/([A-Za-z0-9_-]+)>/.exec(header)![1]!;
  }

  it('cuenta como sin confirmar los envíos inciertos y los reenvía solo a quien sigue activa', async () => {
    await activeSubscriber('incierta1@example.org');
    await activeSubscriber('incierta2@example.org');
    peer.clear();
    const id = await sendCampaign('Boletín incierto');
    await waitUntilSent(id);
    const rows = await t.app.db
      .selectFrom('newsletter_deliveries')
      .innerJoin('outbox', 'outbox.id', 'newsletter_deliveries.outbox_id')
      .select(['outbox.id', 'outbox.to_address', 'outbox.message_id'])
      .where('newsletter_deliveries.campaign_id', '=', id)
      .execute();
    const mine = rows.filter((row) => row.to_address.startsWith('incierta'));
    expect(mine).toHaveLength(2);
    // As the worker leaves them when their sender died after their end of data went out (decision 039).
    await t.app.db
      .updateTable('outbox')
      .set({ status: 'uncertain', claim_token: 'claim-of-a-dead-sender' })
      .where(
        'id',
        'in',
        mine.map((row) => row.id),
      )
      .execute();
    const progress = (await admin.request('GET', `/api/admin/newsletter/campaigns/${id}`)).json<{
      data: { status: string; total: number; sent: number; uncertain: number };
    }>().data;
    expect(progress).toMatchObject({ status: 'sent', uncertain: 2, sent: progress.total - 2 });

    const gone = await t.app.inject({
      method: 'POST',
      url: unsubscribeUrlIn(peer.messages.find((m) => m.envelope.to.includes('incierta2@example.org'))!)
        .pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(gone.statusCode).toBe(200);
    peer.clear();
    const resent = await admin.request('POST', `/api/admin/newsletter/campaigns/${id}/resend-uncertain`);
    expect(resent.statusCode).toBe(202);
    const after = await waitUntilSent(id);
    expect(after).toMatchObject({ status: 'sent', uncertain: 0, cancelled: 1, sent: progress.total - 1 });
    const again = peer.messages.filter((m) => m.subject === 'Boletín incierto');
    expect(again.map((m) => m.envelope.to)).toEqual([['incierta1@example.org']]);
    // The same message as the first time, so a mail program that got it already shows it once.
    expect(again[0]!.messageId).toBe(
      mine.find((row) => row.to_address === 'incierta1@example.org')!.message_id,
    );
    const unknown = await admin.request('POST', '/api/admin/newsletter/campaigns/no-existe/resend-uncertain');
    expect(unknown.statusCode).toBe(404);
  });

  it('pagina la lista de boletines, del más nuevo al más antiguo, con su progreso', async () => {
    const ids: string[] = [];
    for (const subject of ['Página uno', 'Página dos', 'Página tres']) {
      const created = await admin.request('POST', '/api/admin/newsletter/campaigns', {
        data: { subject, html: '<p>Texto</p>' },
      });
      ids.push(created.json<{ data: { id: string } }>().data.id);
    }
    type Page = { data: { id: string; subject: string; status: string; uncertain: number }[]; total: number };
    const first = (
      await admin.request('GET', '/api/admin/newsletter/campaigns?page=1&perPage=2')
    ).json<Page>();
    expect(first.data.map((campaign) => campaign.subject)).toEqual(['Página tres', 'Página dos']);
    expect(first.data[0]).toMatchObject({ status: 'draft', uncertain: 0 });
    expect(first.total).toBeGreaterThanOrEqual(3);
    const second = (
      await admin.request('GET', '/api/admin/newsletter/campaigns?page=2&perPage=2')
    ).json<Page>();
    expect(second.data[0]?.subject).toBe('Página uno');
    expect(second.total).toBe(first.total);
    const all = (await admin.request('GET', '/api/admin/newsletter/campaigns')).json<Page>();
    expect(all.data.length).toBe(Math.min(all.total, 25));
    const bad = await admin.request('GET', '/api/admin/newsletter/campaigns?perPage=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.perPage).toBeTruthy();
  });

  it('marca rebotada una dirección que el servidor rechaza para siempre, y la siguiente campaña la omite', async () => {
    await activeSubscriber('rebota@example.org');
    peer.clear();
    peer.setFault('reject');
    const first = await sendCampaign('Rechazada');
    const deadline = Date.now() + 10_000;
    while ((await subscriberOf('rebota@example.org'))?.status !== 'bounced' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    peer.setFault(null);
    expect((await subscriberOf('rebota@example.org'))?.status).toBe('bounced');
    await waitUntilSent(first);
    peer.clear();
    const second = await sendCampaign('Después del rebote');
    await waitUntilSent(second);
    expect(peer.messages.flatMap((m) => m.envelope.to)).not.toContain('rebota@example.org');
  });

  it('deja fuera de listas, exportación y envíos a una persona bloqueada', async () => {
    await activeSubscriber('bloqueada@example.org');
    await t.app.db
      .insertInto('blocked_people')
      .values({
        email: 'bloqueada@example.org',
        blocked_at: new Date().toISOString(),
        erase_after: new Date(Date.now() + DAY_MS).toISOString(),
        erased_at: null,
      })
      .execute();
    const list = await admin.request('GET', '/api/admin/newsletter/subscribers?q=bloqueada');
    expect(list.json()).toMatchObject({ data: [], total: 0 });
    const csv = await admin.request('GET', '/api/admin/newsletter/subscribers/export.csv');
    expect(csv.body).not.toContain('bloqueada@example.org');
    peer.clear();
    const id = await sendCampaign('Sin bloqueadas');
    await waitUntilSent(id);
    expect(peer.messages.flatMap((m) => m.envelope.to)).not.toContain('bloqueada@example.org');
    expect(t.app.personData.sources.map((source) => source.key)).toContain('subscriptions');
  });

  it('lista suscriptoras con estado, busca y exporta un CSV a prueba de fórmulas', async () => {
    await subscribe({ email: 'formula@example.org', fullName: '=HYPERLINK("x")' });
    const list = await admin.request('GET', '/api/admin/newsletter/subscribers?status=pending&q=formula');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      data: [{ email: 'formula@example.org', status: 'pending', source: 'boletin' }],
      total: 1,
    });
    const csv = await admin.request('GET', '/api/admin/newsletter/subscribers/export.csv?q=formula');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    const anonymous = await new Browser(t.app).request('GET', '/api/admin/newsletter/subscribers');
    expect(anonymous.statusCode).toBe(401);
  });

  it('exporta el CSV con los mismos bytes de antes: marca BOM, fórmulas desactivadas, comillas y saltos de línea', async () => {
    const stored = [
      {
        email: 'csv-a@example.org',
        full_name: '=SUM(A1)',
        status: 'pending',
        source: 'boletin',
        created_at: '2031-05-06T17:45:00.000Z',
        status_changed_at: '2031-05-07T01:05:00.000Z',
      },
      {
        email: 'csv-b@example.org',
        full_name: 'Pérez, "la Jefa"\nSegunda línea',
        status: 'unsubscribed',
        source: 'contacto',
        created_at: '2031-01-02T03:04:00.000Z',
        status_changed_at: '2031-02-03T04:05:00.000Z',
      },
      {
        email: 'csv-c@example.org',
        full_name: null,
        status: 'bounced',
        source: 'membresia',
        created_at: '2031-08-09T10:11:00.000Z',
        status_changed_at: '2031-09-10T11:12:00.000Z',
      },
    ] as const;
    await t.app.db
      .insertInto('newsletter_subscribers')
      .values(
        stored.map((row, index) => ({
          id: `csv-${index}`,
          ...row,
          notice_version: PRIVACY_NOTICE_VERSION,
          confirm_token_hash: null,
          pending_since: null,
          confirmed_at: null,
          unsubscribed_at: null,
          bounced_at: null,
        })),
      )
      .execute();
    const csv = await admin.request('GET', '/api/admin/newsletter/subscribers/export.csv?q=csv-');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="boletin-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const at = (iso: string) => `"${clock.formatNumeric(iso)}"`;
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body).toBe(
      '\uFEFFCorreo,Nombre,Estado,Desde (hora de la Ciudad de México),Origen,Alta\r\n' +
        `csv-a@example.org,'=SUM(A1),Pendiente,${at('2031-05-07T01:05:00.000Z')},boletin,${at('2031-05-06T17:45:00.000Z')}\r\n` +
        `csv-b@example.org,"Pérez, ""la Jefa""\nSegunda línea",Dada de baja,${at('2031-02-03T04:05:00.000Z')},contacto,${at('2031-01-02T03:04:00.000Z')}\r\n` +
        `csv-c@example.org,,Rebotada,${at('2031-09-10T11:12:00.000Z')},membresia,${at('2031-08-09T10:11:00.000Z')}\r\n`,
    );
    const none = await admin.request('GET', '/api/admin/newsletter/subscribers/export.csv?q=nadie-asi');
    expect(none.body).toBe('\uFEFFCorreo,Nombre,Estado,Desde (hora de la Ciudad de México),Origen,Alta\r\n');
  });

  it('la prueba llega a la administradora y la vista previa trae el enlace de baja', async () => {
    const created = await admin.request('POST', '/api/admin/newsletter/campaigns', {
      data: { subject: 'Prueba', html: '<p>Hola</p><script>alert(1)</script>' },
    });
    const { id } = created.json<{ data: { id: string } }>().data;
    const preview = await admin.request('GET', `/api/admin/newsletter/campaigns/${id}/preview`);
    expect(preview.json().data.html).toContain('Darte de baja');
    expect(preview.json().data.html).not.toContain('<script');
    peer.clear();
    expect((await admin.request('POST', `/api/admin/newsletter/campaigns/${id}/test`)).statusCode).toBe(202);
    const [mail] = await mailTo('admin@example.org');
    expect(mail?.subject).toBe('[Prueba] Prueba');
    const draft = await admin.request('GET', `/api/admin/newsletter/campaigns/${id}`);
    expect(draft.json().data).toMatchObject({ status: 'draft', total: 0, sent: 0, failed: 0 });
  });

  it('borra las suscripciones sin confirmar después de 30 días', async () => {
    await subscribe({ email: 'olvidada@example.org' });
    expect(await purgeExpiredPending(t.app.db, new Date(Date.now() + 29 * DAY_MS))).toBe(0);
    expect(await purgeExpiredPending(t.app.db, new Date(Date.now() + 31 * DAY_MS))).toBeGreaterThan(0);
    expect(await subscriberOf('olvidada@example.org')).toBeUndefined();
  });
});
