import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminPaths, apiRoutes } from '../../shared/api-paths.ts';
import { registrationPaths } from '../../shared/registration-paths.ts';
import { DAY_MS, HOUR_MS } from '../../shared/clock.ts';
import { registrationMessages } from '../../shared/registration-messages.ts';
import { consentsOf } from '../consent/consents.repository.ts';
import { eventsContent as eventsRepository } from '../content/content.service.ts';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { eventInput } from '../test/events.ts';
import { drawnWith, pageDataBundle } from '../test/page-bundle.ts';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.ts';
import { hashToken } from '../lib/link-tokens.ts';
import { deleteExpired } from './registrations.repository.ts';
import { AGAIN_DAILY_CAP } from './sign-up.service.ts';

const SITE = 'https://sitio.example.org';

const person = (n: number) => ({ fullName: `Persona ${n}`, email: `persona${n}@example.org` });

describe.each(testDialects)('Registro a eventos en %s', (dialect) => {
  let t: TestApp;
  let peer: SmtpPeer;
  const bundle = pageDataBundle();
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(dialect, {
      smtpUrl: peer.url,
      contactRateLimit: 10_000,
      webDist: bundle.webDist,
    });
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
    bundle.remove();
  });
  beforeEach(() => peer.clear());

  const signUp = (eventId: string, data: object, browser = new Browser(t.app)) =>
    browser.request('POST', registrationPaths.api(eventId), { data });
  const outboxOf = (email: string) =>
    t.app.db.selectFrom('outbox').selectAll().where('to_address', '=', email).orderBy('created_at').execute();
  /** The manage link's token a mail carries, and whose registration's manage link it is. */
  const tokenIn = (text: string) => /\/Registro\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
  const linkOf = (token: string) =>
    t.app.db
      .selectFrom('registration_links')
      .innerJoin('registrations', 'registrations.id', 'registration_links.registration_id')
      .select(['registrations.email', 'registration_links.purpose'])
      .where('registration_links.token_hash', '=', hashToken(token))
      .executeTakeFirst();

  it('confirma dos lugares, pone a la tercera en la lista de espera y la promueve cuando la primera cancela', async () => {
    const event = await eventsRepository.create(t.app.db, eventInput());
    const first = await signUp(event.id, person(1));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ data: { status: 'confirmed' } });
    expect((await signUp(event.id, person(2))).json()).toEqual({ data: { status: 'confirmed' } });
    const third = await signUp(event.id, person(3));
    expect(third.statusCode).toBe(201);
    expect(third.json()).toEqual({ data: { status: 'waitlisted', position: 1 } });

    const got = await eventsRepository.get(t.app.db, event.id);
    expect(got?.registration).toEqual({ enabled: true, capacity: 2, confirmed: 2, waitlisted: 1 });

    const mails = await peer.waitForMessages(3);
    const confirmation = mails.find((m) => m.to.includes('persona1@example.org'))!;
    expect(confirmation.subject).toContain('Registro confirmado');
    expect(confirmation.attachments).toHaveLength(1);
    expect(confirmation.attachments[0]!.contentType).toContain('text/calendar');
    expect(confirmation.attachments[0]!.content).toContain('METHOD:PUBLISH');
    expect(confirmation.attachments[0]!.content).toContain(`UID:${event.id}@sitio.example.org`);
    const token = tokenIn(confirmation.text);
    expect(confirmation.text).toContain(`${SITE}/Registro/${token}`);
    expect(await linkOf(token)).toEqual({ email: 'persona1@example.org', purpose: 'manage' });
    expect(confirmation.text).not.toContain('Persona 1');
    const waitlist = mails.find((m) => m.to.includes('persona3@example.org'))!;
    expect(waitlist.text).toContain('en el lugar 1');
    expect(waitlist.attachments).toHaveLength(0);

    // The manage page: GET shows, never changes.
    const page = await t.app.inject({ method: 'GET', url: registrationPaths.manage(token) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(drawnWith(page).private).toMatchObject({
      kind: 'registro',
      statusText: 'Tu lugar está confirmado',
      cancelAction: registrationPaths.manage(token),
      qrDataUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      event: { name: event.name, path: `/Eventos/${event.slug}` },
    });

    peer.clear();
    const cancel = await t.app.inject({
      method: 'POST',
      url: registrationPaths.manage(token),
      headers: { origin: SITE, 'sec-fetch-site': 'same-origin' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(drawnWith(cancel).private).toMatchObject({
      statusText: 'Tu registro está cancelado',
      justCancelled: true,
    });
    expect(drawnWith(cancel).private).not.toHaveProperty('cancelAction');
    // Twice is harmless.
    const again = await t.app.inject({
      method: 'POST',
      url: registrationPaths.manage(token),
      headers: { origin: SITE, 'sec-fetch-site': 'same-origin' },
    });
    expect(again.statusCode).toBe(200);

    const promoted = await peer.waitForMessages(1);
    expect(promoted[0]).toMatchObject({
      to: ['persona3@example.org'],
      subject: expect.stringContaining('Tienes lugar') as unknown,
    });
    expect(promoted[0]!.attachments[0]!.content).toContain('METHOD:PUBLISH');
    const after = await eventsRepository.get(t.app.db, event.id);
    expect(after?.registration).toEqual({ enabled: true, capacity: 2, confirmed: 2, waitlisted: 0 });
    // The cancelled person's reminder will never go.
    const reminders = (await outboxOf('persona1@example.org')).filter(
      (r) => r.purpose === 'registration-reminder',
    );
    expect(reminders.map((r) => r.status)).toEqual(['cancelled']);
    const promotedReminder = (await outboxOf('persona3@example.org')).filter(
      (r) => r.purpose === 'registration-reminder',
    );
    expect(promotedReminder).toHaveLength(1);
    expect(promotedReminder[0]!.status).toBe('pending');
  });

  it('responde 200 con el estado actual a la misma persona y reenvía el enlace a lo más 3 veces al día', async () => {
    const event = await eventsRepository.create(
      t.app.db,
      eventInput({ registration: { enabled: true, capacity: 1 } }),
    );
    await signUp(event.id, person(10));
    expect((await signUp(event.id, person(11))).json()).toEqual({
      data: { status: 'waitlisted', position: 1 },
    });
    const repeat = await signUp(event.id, { fullName: 'Otra', email: 'PERSONA11@example.org' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual({ data: { status: 'waitlisted', position: 1 } });
    for (let i = 0; i < AGAIN_DAILY_CAP + 2; i++) {
      expect((await signUp(event.id, person(10))).json()).toEqual({ data: { status: 'confirmed' } });
    }
    const again = (await outboxOf('persona10@example.org')).filter((r) => r.purpose === 'registration-again');
    expect(again).toHaveLength(AGAIN_DAILY_CAP);
    const rows = await t.app.db
      .selectFrom('registrations')
      .select('id')
      .where('event_id', '=', event.id)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('cerrado el registro o empezado el evento, rechaza igual a quien se registró y a quien no (decisión 049)', async () => {
    const plainPost = (eventId: string, n: number) =>
      t.app.inject({
        method: 'POST',
        url: registrationPaths.send(eventId),
        headers: {
          origin: SITE,
          'sec-fetch-site': 'same-origin',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams(person(n)).toString(),
      });
    const answers = async (eventId: string, n: number) => {
      const api = await signUp(eventId, person(n));
      const plain = await plainPost(eventId, n);
      return { api: [api.statusCode, api.body], plain: [plain.statusCode, plain.body] };
    };

    const closing = await eventsRepository.create(t.app.db, eventInput());
    expect((await signUp(closing.id, person(12))).statusCode).toBe(201);
    // While it is open, a repeated sign-up tells its own status (and mails the link again).
    expect((await signUp(closing.id, person(12))).json()).toEqual({ data: { status: 'confirmed' } });
    await eventsRepository.update(
      t.app.db,
      closing.id,
      eventInput({ eventDate: closing.eventDate, registration: { enabled: false, capacity: 2 } }),
    );
    const registered = await answers(closing.id, 12);
    expect(registered.api[0]).toBe(409);
    expect(JSON.parse(registered.api[1] as string).error.message).toBe(registrationMessages.closed);
    expect(await answers(closing.id, 13)).toEqual(registered);

    const starting = await eventsRepository.create(t.app.db, eventInput());
    expect((await signUp(starting.id, person(14))).statusCode).toBe(201);
    await t.app.db
      .updateTable('events')
      .set({ event_date: '2020-03-10T17:00:00.000Z' })
      .where('id', '=', starting.id)
      .execute();
    const started = await answers(starting.id, 14);
    expect(started.api[0]).toBe(409);
    expect(JSON.parse(started.api[1] as string).error.message).toBe(registrationMessages.started);
    expect(await answers(starting.id, 15)).toEqual(started);

    // Only the one repeat made while open was answered with a mail.
    const again = (await outboxOf('persona12@example.org')).filter((r) => r.purpose === 'registration-again');
    expect(again).toHaveLength(1);
    expect(
      (await outboxOf('persona14@example.org')).filter((r) => r.purpose === 'registration-again'),
    ).toHaveLength(0);
  });

  it('guarda el registro de una dirección bloqueada sin escribirle correo', async () => {
    const event = await eventsRepository.create(
      t.app.db,
      eventInput({ registration: { enabled: true, capacity: 1 } }),
    );
    const now = new Date().toISOString();
    await t.app.db
      .insertInto('blocked_people')
      .values([
        { email: 'persona14@example.org', blocked_at: now, erase_after: now },
        { email: 'persona15@example.org', blocked_at: now, erase_after: now },
      ])
      .execute();
    expect((await signUp(event.id, { ...person(14), email: ' Persona14@Example.org' })).statusCode).toBe(201);
    expect((await signUp(event.id, person(15))).json()).toEqual({
      data: { status: 'waitlisted', position: 1 },
    });
    expect((await signUp(event.id, person(16))).json()).toEqual({
      data: { status: 'waitlisted', position: 2 },
    });
    const stored = await t.app.db
      .selectFrom('registrations')
      .select(['email', 'status'])
      .where('event_id', '=', event.id)
      // Not by time: two sign-ups can share a millisecond.
      .orderBy('email_key')
      .execute();
    expect(stored).toEqual([
      { email: 'Persona14@Example.org', status: 'confirmed' },
      { email: 'persona15@example.org', status: 'waitlisted' },
      { email: 'persona16@example.org', status: 'waitlisted' },
    ]);
    const mail = await t.app.db
      .selectFrom('outbox')
      .select(['to_address', 'purpose'])
      .where('ref_id', 'in', (eb) =>
        eb.selectFrom('registrations').select('id').where('event_id', '=', event.id),
      )
      .execute();
    expect(mail).toEqual([{ to_address: 'persona16@example.org', purpose: 'registration-waitlisted' }]);
  });

  it('rechaza con 400, 404 y 409 en español', async () => {
    const open = await eventsRepository.create(t.app.db, eventInput());
    const bad = await signUp(open.id, { fullName: '', email: 'no-es-correo' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['email', 'fullName']);
    expect((await signUp('no-existe', person(1))).statusCode).toBe(404);

    const closed = await eventsRepository.create(t.app.db, eventInput({ registration: undefined }));
    const refused = await signUp(closed.id, person(1));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(registrationMessages.closed);

    const past = await eventsRepository.create(
      t.app.db,
      eventInput({ eventDate: new Date(Date.now() - HOUR_MS).toISOString() }),
    );
    const started = await signUp(past.id, person(1));
    expect(started.statusCode).toBe(409);
    expect(started.json().error.message).toBe(registrationMessages.started);
  });

  it('no guarda nada cuando el campo trampa viene lleno', async () => {
    const event = await eventsRepository.create(t.app.db, eventInput());
    const response = await signUp(event.id, { ...person(20), website: 'https://spam.example' });
    expect(response.statusCode).toBe(201);
    const rows = await t.app.db
      .selectFrom('registrations')
      .select('id')
      .where('event_id', '=', event.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('exige el token CSRF en la API', async () => {
    const event = await eventsRepository.create(t.app.db, eventInput());
    const response = await t.app.inject({
      method: 'POST',
      url: registrationPaths.api(event.id),
      payload: { data: person(30) },
    });
    expect(response.statusCode).toBe(403);
  });

  it('acepta el formulario sin JavaScript y redirige con 303 a la confirmación', async () => {
    const event = await eventsRepository.create(t.app.db, eventInput());
    const response = await t.app.inject({
      method: 'POST',
      url: registrationPaths.send(event.id),
      headers: {
        origin: SITE,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'fullName=Ana+Ruiz&email=ana.ruiz%40example.org&website=',
    });
    expect(response.statusCode).toBe(303);
    const landing = await t.app.inject({ method: 'GET', url: response.headers.location as string });
    expect(drawnWith(landing).private).toMatchObject({
      kind: 'registro-enviado',
      heading: '¡Registro confirmado!',
      event: { name: event.name },
    });

    const crossSite = await t.app.inject({
      method: 'POST',
      url: registrationPaths.send(event.id),
      headers: {
        origin: 'https://otro.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'fullName=Ana&email=ana2%40example.org',
    });
    expect(crossSite.statusCode).toBe(403);
    // A refusal names no event and gives back nothing typed: one kept page per message.
    expect(drawnWith(crossSite)).toMatchObject({
      private: null,
      form: { kind: 'registro', message: expect.any(String) },
      path: registrationPaths.send('-'),
    });

    const invalid = await t.app.inject({
      method: 'POST',
      url: registrationPaths.send(event.id),
      headers: {
        origin: SITE,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'fullName=&email=mal',
    });
    expect(invalid.statusCode).toBe(400);
    expect(drawnWith(invalid).private).toMatchObject({
      kind: 'registro-formulario',
      action: registrationPaths.send(event.id),
      event: { name: event.name },
      fields: { fullName: expect.any(String), email: expect.any(String) },
      values: { email: 'mal' },
    });
  });

  it('la casilla del boletín inicia la doble confirmación, con consentimiento solo al confirmar, con y sin JavaScript', async () => {
    const event = await eventsRepository.create(
      t.app.db,
      eventInput({ registration: { enabled: true, capacity: null } }),
    );
    const subscriberOf = (email: string) =>
      t.app.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirst();
    const newsletterConsents = async (email: string) =>
      (await consentsOf(t.app.db, email)).filter((consent) => consent.purpose === 'newsletter');

    // From the API: the sign-up is stored and the subscription is pending, mailed, not consented yet.
    const email = 'boletin.registro@example.org';
    const answer = await signUp(event.id, { fullName: 'Lucía Boletín', email, newsletter: true });
    expect(answer.statusCode).toBe(201);
    expect(await subscriberOf(email)).toMatchObject({
      status: 'pending',
      source: 'registro',
      full_name: 'Lucía Boletín',
    });
    expect(await newsletterConsents(email)).toEqual([]);
    const confirmationTo = () =>
      peer.messages.find(
        (message) => message.envelope.to.includes(email) && /\/Boletin\/confirmar\//.test(message.text),
      );
    await expect.poll(confirmationTo, { timeout: 10_000 }).toBeTruthy();
    const confirmMail = confirmationTo()!;
    const token = /\/Boletin\/confirmar\/([A-Za-z0-9_-]+)/.exec(confirmMail.text)![1]!;
    // Opening the link changes nothing; the page's POST confirms.
    expect((await t.app.inject({ method: 'GET', url: `/Boletin/confirmar/${token}` })).statusCode).toBe(200);
    expect((await subscriberOf(email))?.status).toBe('pending');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/Boletin/confirmar/${token}`,
      headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(confirmed.statusCode).toBe(303);
    expect((await subscriberOf(email))?.status).toBe('active');
    expect(await newsletterConsents(email)).toEqual([
      expect.objectContaining({ purpose: 'newsletter', source: 'registro', withdrawnAt: null }),
    ]);

    // Without JavaScript: the ticked box posts `newsletter=on`.
    const plain = await t.app.inject({
      method: 'POST',
      url: registrationPaths.send(event.id),
      headers: {
        origin: SITE,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'fullName=Marta+Sin+Script&email=marta.sin.script%40example.org&newsletter=on&website=',
    });
    expect(plain.statusCode).toBe(303);
    expect(await subscriberOf('marta.sin.script@example.org')).toMatchObject({
      status: 'pending',
      source: 'registro',
    });

    // Unticked (or a refused sign-up), nobody is put on the list.
    expect(
      (await signUp(event.id, { fullName: 'Sin Casilla', email: 'sin.casilla@example.org' })).statusCode,
    ).toBe(201);
    expect(await subscriberOf('sin.casilla@example.org')).toBeUndefined();
    const closed = await eventsRepository.create(
      t.app.db,
      eventInput({ registration: { enabled: false, capacity: null } }),
    );
    const refused = await signUp(closed.id, {
      fullName: 'Cerrado',
      email: 'cerrado@example.org',
      newsletter: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(await subscriberOf('cerrado@example.org')).toBeUndefined();
    // A spam sign-up subscribes nobody either; a box that is not a boolean is a 400 with its field.
    await signUp(event.id, { fullName: 'Robot', email: 'robot@example.org', newsletter: true, website: 'x' });
    expect(await subscriberOf('robot@example.org')).toBeUndefined();
    const bad = await signUp(event.id, { ...person(70), newsletter: 'sí' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.newsletter).toBeTruthy();

    // A refused plain post shows the form again with the box as it was.
    const again = await t.app.inject({
      method: 'POST',
      url: registrationPaths.send(event.id),
      headers: {
        origin: SITE,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'fullName=&email=mal&newsletter=on',
    });
    expect(again.statusCode).toBe(400);
    expect(drawnWith(again).private).toMatchObject({ values: { newsletter: 'on' } });
  });

  it('usa en la web la misma ruta de API que registra el servidor', () => {
    expect(registrationPaths.apiPattern).toBe(apiRoutes.eventRegistrations);
  });

  it('muestra una página 404 para un token desconocido', async () => {
    const response = await t.app.inject({ method: 'GET', url: registrationPaths.manage('x'.repeat(43)) });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(drawnWith(response).private).toEqual({ kind: 'registro-desconocido' });
  });

  it('da a la administradora la lista, el CSV seguro, el alta manual, la cancelación y el registro de asistencia', async () => {
    const event = await eventsRepository.create(
      t.app.db,
      eventInput({ registration: { enabled: true, capacity: 1 } }),
    );
    await signUp(event.id, { fullName: '=HYPERLINK("x")', email: 'formula@example.org' });
    const anonymous = new Browser(t.app);
    expect((await anonymous.request('GET', adminPaths.eventRegistrations(event.id))).statusCode).toBe(401);

    const admin = new Browser(t.app);
    await admin.login();
    const added = await admin.request('POST', adminPaths.eventRegistrations(event.id), { data: person(40) });
    expect(added.json()).toEqual({ data: { status: 'waitlisted', position: 1 } });
    const list = await admin.request('GET', adminPaths.eventRegistrations(event.id));
    expect(list.statusCode).toBe(200);
    expect(list.json().registration).toMatchObject({
      capacity: 1,
      confirmed: 1,
      waitlisted: 1,
      checkedIn: 0,
    });
    expect(list.json().data.map((r: { status: string }) => r.status)).toEqual(['confirmed', 'waitlisted']);

    const csv = await admin.request('GET', adminPaths.eventRegistrationsCsv(event.id));
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);

    const first = list.json().data[0].id as string;
    const cancelled = await admin.request('POST', adminPaths.registrationCancel(first));
    expect(cancelled.json()).toEqual({ data: { cancelled: true, promoted: 1 } });
    const promotedId = list.json().data[1].id as string;

    // Check-in: nothing personal without a session.
    const checkInPath = `/admin/asistencia/${promotedId}`;
    const outside = await t.app.inject({ method: 'GET', url: checkInPath });
    expect(outside.statusCode).toBe(401);
    expect(outside.body).not.toContain('persona40');
    expect(drawnWith(outside).private).toEqual({ kind: 'asistencia-sesion', unknown: false });
    const inside = await admin.request('GET', checkInPath);
    expect(drawnWith(inside).private).toMatchObject({
      kind: 'asistencia',
      email: 'persona40@example.org',
      action: checkInPath,
      already: false,
    });
    const mark = await admin.request('POST', checkInPath, undefined, {
      origin: SITE,
      'sec-fetch-site': 'same-origin',
    });
    expect(drawnWith(mark).private).toMatchObject({
      checkedInAt: expect.stringMatching(/^\d\d:\d\d$/),
      already: false,
    });
    expect(drawnWith(mark).private).not.toHaveProperty('action');
    const second = await admin.request('GET', checkInPath);
    expect(drawnWith(second).private).toMatchObject({ already: true });
  });

  it('borra los registros de eventos que terminaron hace más de los días de retención', async () => {
    const event = await eventsRepository.create(t.app.db, eventInput());
    await signUp(event.id, person(50));
    await t.app.db
      .updateTable('events')
      .set({ event_date: new Date(Date.now() - 91 * DAY_MS).toISOString() })
      .where('id', '=', event.id)
      .execute();
    expect(await deleteExpired(t.app.db, 90)).toBeGreaterThanOrEqual(1);
    const rows = await t.app.db
      .selectFrom('registrations')
      .select('id')
      .where('event_id', '=', event.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('registra el consentimiento del aviso de privacidad con cada registro', async () => {
    const event = await eventsRepository.create(t.app.db, eventInput());
    await signUp(event.id, person(60));
    const consent = await t.app.db
      .selectFrom('consents')
      .selectAll()
      .where('email', '=', 'persona60@example.org')
      .executeTakeFirstOrThrow();
    expect(consent).toMatchObject({ purpose: 'privacy-notice', source: 'registro' });
  });
});

describe.each(testDialects)('Recordatorios en %s', (dialect) => {
  let t: TestApp;
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(dialect, { smtpUrl: peer.url, contactRateLimit: 10_000 });
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });

  it('envía un solo recordatorio 24 horas antes del evento', async () => {
    // The event starts 24 h and 1.5 s from now: the reminder is due in 1.5 s.
    const event = await eventsRepository.create(
      t.app.db,
      eventInput({ eventDate: new Date(Date.now() + DAY_MS + 1_500).toISOString() }),
    );
    await new Browser(t.app).request('POST', registrationPaths.api(event.id), { data: person(70) });
    const [confirmation] = await peer.waitForMessages(1);
    expect(confirmation!.subject).toContain('Registro confirmado');
    const early = Date.now();
    const [, reminder] = await peer.waitForMessages(2, 10_000);
    expect(reminder!.subject).toContain('Recordatorio');
    expect(reminder!.receivedAt).toBeGreaterThanOrEqual(early);
    expect(reminder!.text).toContain('/Registro/');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(peer.messages.filter((m) => m.subject.includes('Recordatorio'))).toHaveLength(1);
  });

  it('mueve el recordatorio cuando cambia la fecha del evento', async () => {
    const admin = new Browser(t.app);
    await admin.login();
    const input = eventInput({ name: 'Evento que se mueve' });
    const created = await admin.request('POST', '/api/events/create', { event: input });
    const eventId = created.json().data.id as string;
    await new Browser(t.app).request('POST', registrationPaths.api(eventId), { data: person(80) });
    const newDate = new Date(Date.parse(input.eventDate) + 2 * DAY_MS).toISOString();
    await admin.request('PUT', '/api/events/update', {
      eventId,
      eventData: { ...input, eventDate: newDate },
    });
    const due = new Date(Date.parse(newDate) - DAY_MS).toISOString();
    let pending: { next_attempt_at: string }[] = [];
    for (let i = 0; i < 50 && pending[0]?.next_attempt_at !== due; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      pending = await t.app.db
        .selectFrom('outbox')
        .select('next_attempt_at')
        .where('to_address', '=', 'persona80@example.org')
        .where('purpose', '=', 'registration-reminder')
        .where('status', '=', 'pending')
        .execute();
    }
    expect(pending).toEqual([{ next_attempt_at: due }]);
  });
});
