import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminPaths } from '../../shared/api-paths.ts';
import {
  certificateApiPaths,
  certificateLinks,
  type CertificatePageData,
  type SurveyPageData,
} from '../../shared/certificates.ts';
import type { ManagePageData } from '../../shared/registration-pages.ts';
import { registrationPaths } from '../../shared/registration-paths.ts';
import { eventsContent } from '../content/content.service.ts';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { eventInput } from '../test/events.ts';
import { readPdf } from '../test/pdf-text.ts';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.ts';
import { sendDueFollowups } from './followups.service.ts';

const SITE = 'https://sitio.example.org';
const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: SITE };
// Every date is fixed: the event starts on 10 March 2099 at 11:00 in Mexico City (17:00 UTC).
const START = '2099-03-10T17:00:00.000Z';
const SETTINGS = {
  enabled: true,
  hours: 4,
  text: 'Taller presencial de la Red.',
  signers: [
    { name: 'Ana Pérez', role: 'Presidenta' },
    { name: 'Lucía Ramírez', role: 'Coordinadora de formación' },
  ],
};

// A server bundle that writes a page's private data into its HTML, so a test reads what the page shows.
const ENTRY = `
export const pageModules = {};
export async function render(url, data) {
  const json = JSON.stringify(data.private ?? null).replace(/</g, '\\\\u003c');
  return { html: '<main><script type="application/json" id="page">' + json + '</script></main>', head: '<title>t</title>', state: '{}' };
}
`;

function pageData<T>(response: LightMyRequestResponse): T {
  const match = /<script type="application\/json" id="page">([\s\S]*?)<\/script>/.exec(response.body);
  if (!match) throw new Error(`no page data in: ${response.body.slice(0, 300)}`);
  return JSON.parse(match[1]!) as T;
}

describe.each(testDialects)('Constancias y encuesta en %s', (dialect) => {
  let t: TestApp;
  let peer: SmtpPeer;
  let admin: Browser;
  let dir: string;
  const clock = { now: new Date('2099-03-10T19:30:00Z') };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'certificates-'));
    mkdirSync(join(dir, 'web'));
    mkdirSync(join(dir, 'ssr'));
    writeFileSync(
      join(dir, 'web', 'index.html'),
      '<html><head></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dir, 'ssr', 'entry-server.js'), ENTRY);
    peer = await startSmtpPeer();
    t = await createTestApp(dialect, {
      smtpUrl: peer.url,
      webDist: join(dir, 'web'),
      contactRateLimit: 10_000,
      now: () => clock.now,
    });
    admin = new Browser(t.app);
    await admin.login();
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    peer.clear();
    clock.now = new Date('2099-03-10T19:30:00Z');
  });

  let sequence = 0;
  /** An event on the fixed day, with `people` signed up through the public API. */
  async function eventWith(people: number) {
    const event = await eventsContent.create(
      t.app.db,
      eventInput({ eventDate: START, registration: { enabled: true, capacity: 20 } }),
    );
    const emails: string[] = [];
    for (let n = 0; n < people; n++) {
      const email = `persona${++sequence}@example.org`;
      const fullName = n === 0 ? `María José Núñez ${sequence}` : `Persona ${sequence}`;
      const answer = await new Browser(t.app).request('POST', registrationPaths.api(event.id), {
        data: { fullName, email },
      });
      expect(answer.statusCode).toBe(201);
      emails.push(email);
    }
    const rows = await t.app.db
      .selectFrom('registrations')
      .select(['id', 'email'])
      .where('event_id', '=', event.id)
      .execute();
    const idOf = (email: string) => rows.find((row) => row.email === email)!.id;
    return { event, emails, idOf };
  }
  const checkIn = (id: string) =>
    admin.request('POST', `/admin/asistencia/${id}`, undefined, {
      origin: SITE,
      'sec-fetch-site': 'same-origin',
    });
  const followupsTo = (email: string) =>
    t.app.db
      .selectFrom('outbox')
      .select(['body_text', 'subject'])
      .where('to_address', '=', email)
      .where('purpose', '=', 'event-followup')
      .execute();
  const mailTo = async (email: string) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = peer.messages.find(
        (mail) => mail.to.includes(email) && mail.subject.includes('constancia'),
      );
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  /** The manage page's data of the registration of `email`, by the link her confirmation mail carries. */
  const managePage = async (email: string) => {
    const mails = await t.app.db
      .selectFrom('outbox')
      .select('body_text')
      .where('to_address', '=', email)
      .execute();
    const token = mails
      .map((mail) => /\/Registro\/([A-Za-z0-9_-]+)/.exec(mail.body_text)?.[1])
      .find((found) => found !== undefined)!;
    const page = await t.app.inject({ method: 'GET', url: registrationPaths.manage(token) });
    expect(page.statusCode).toBe(200);
    return pageData<ManagePageData>(page);
  };
  const folioIn = (text: string) => /\/Constancias\/(C-[A-Z0-9-]+)/.exec(text)![1]!;
  const surveyTokenIn = (text: string) => /\/Encuesta\/([A-Za-z0-9_-]+)/.exec(text)![1]!;

  it('envía la constancia y la encuesta a quien asistió, dos horas después del inicio, una sola vez', async () => {
    const { event, emails, idOf } = await eventWith(2);
    const [came, absent] = emails as [string, string];
    expect(
      (await admin.request('PUT', certificateApiPaths.settings(event.id), { data: SETTINGS })).statusCode,
    ).toBe(200);
    expect((await checkIn(idOf(came))).statusCode).toBe(200);

    // An hour and a half after the start: not yet.
    clock.now = new Date('2099-03-10T18:30:00Z');
    expect(await sendDueFollowups(t.app.certificates)).toBe(0);
    clock.now = new Date('2099-03-10T19:30:00Z');
    // Two runs at once (two instances): one mail.
    const runs = await Promise.all([
      sendDueFollowups(t.app.certificates),
      sendDueFollowups(t.app.certificates),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sendDueFollowups(t.app.certificates)).toBe(0);
    expect(await followupsTo(came)).toHaveLength(1);
    expect(await followupsTo(absent)).toHaveLength(0);

    const mail = await mailTo(came);
    expect(mail.subject).toBe('Tu constancia de participación: Taller de baterías');
    const folio = folioIn(mail.text);
    expect(mail.text).toContain(`${SITE}/Constancias/${folio}`);
    expect(mail.text).toMatch(/https:\/\/sitio\.example\.org\/Encuesta\/[\w-]{40,}/);
    expect(mail.text).toContain('17 de marzo de 2099');
    expect(
      peer.messages.some((message) => message.to.includes(absent) && !message.subject.startsWith('Registro')),
    ).toBe(false);

    // The folio's page: anyone may check it.
    const page = await t.app.inject({ method: 'GET', url: certificateLinks.verify(folio) });
    expect(page.statusCode).toBe(200);
    expect(pageData<CertificatePageData>(page)).toEqual({
      kind: 'constancia',
      found: true,
      fullName: expect.stringMatching(/^María José Núñez \d+$/),
      eventName: 'Taller de baterías',
      dateText: '10 de marzo de 2099',
      hours: 4,
      status: 'Vigente',
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/Constancias/C-2222-2222-2222-2222' })).statusCode,
    ).toBe(404);

    // Her manage page offers the certificate and its PDF; the absent person's offers none.
    expect((await managePage(came)).certificate).toEqual({
      folio,
      path: `/Constancias/${folio}`,
      pdfPath: `/Constancias/${folio}.pdf`,
      status: 'Vigente',
    });
    expect(await managePage(absent)).not.toHaveProperty('certificate');

    // The PDF: letter landscape, the name with its accents, the signers, the folio; no DC-3.
    const pdf = await t.app.inject({ method: 'GET', url: certificateLinks.pdf(folio) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { pages, text } = readPdf(pdf.rawPayload);
    expect(pages).toBe(1);
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 792 612\]/);
    expect(text).toContain('Constancia de participación');
    expect(text).toMatch(/María José Núñez \d+/);
    expect(text).toContain('Ana Pérez');
    expect(text).toContain('Coordinadora de formación');
    expect(text).toContain(`Folio ${folio}`);
    expect(text).toContain('10 de marzo de 2099');
    expect(text).not.toMatch(/DC-?3/);
    expect(pdf.rawPayload.toString('latin1')).toContain('/Subtype /Image');

    // Revoked by staff with a reason: the page says so, the PDF is gone.
    const revoke = () =>
      admin.request('POST', certificateApiPaths.revoke(folio), { data: { reason: 'Emitida por error' } });
    expect((await revoke()).statusCode).toBe(200);
    expect((await revoke()).statusCode).toBe(404);
    const revoked = await t.app.inject({ method: 'GET', url: certificateLinks.verify(folio) });
    expect(pageData<CertificatePageData>(revoked).status).toBe('Revocada');
    // A revoked certificate stays on her manage page with its state, without the PDF.
    expect((await managePage(came)).certificate).toEqual({
      folio,
      path: `/Constancias/${folio}`,
      status: 'Revocada',
    });
    expect((await t.app.inject({ method: 'GET', url: certificateLinks.pdf(folio) })).statusCode).toBe(410);
    const list = await admin.request('GET', certificateApiPaths.list(event.id));
    expect(list.json().data).toMatchObject({ checkedIn: 1, mailed: 1 });
    expect(list.json().data.certificates[0]).toMatchObject({ folio, revokedReason: 'Emitida por error' });
  });

  it('la encuesta: abrirla no guarda nada, su botón guarda una respuesta, la segunda se rechaza y cierra a los siete días', async () => {
    const { event, emails, idOf } = await eventWith(3);
    for (const email of emails) await checkIn(idOf(email));
    // Certificates off: the survey goes alone, when staff send it.
    const sent = await admin.request('POST', certificateApiPaths.send(event.id));
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ data: { queued: 3 } });
    const [first, second, third] = await Promise.all(emails.map((email) => followupsTo(email)));
    expect(first![0]!.subject).toBe('¿Qué te pareció «Taller de baterías»?');
    expect(first![0]!.body_text).not.toContain('/Constancias/');
    const token = surveyTokenIn(first![0]!.body_text);
    const url = certificateLinks.survey(token);

    const opened = await t.app.inject({ method: 'GET', url });
    expect(opened.statusCode).toBe(200);
    expect(pageData<SurveyPageData>(opened)).toMatchObject({
      state: 'open',
      eventName: 'Taller de baterías',
    });
    const count = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('survey_answers')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('event_id', '=', event.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(0);

    const bad = await t.app.inject({ method: 'POST', url, headers: FORM, payload: 'rating=9&recommend=4' });
    expect(bad.statusCode).toBe(400);
    expect(pageData<SurveyPageData>(bad).fields).toHaveProperty('rating');
    const post = (payload: string) => t.app.inject({ method: 'POST', url, headers: FORM, payload });
    const answered = await post('rating=5&recommend=9&comment=Muy+claro%2C+gracias&quote=on');
    expect(answered.statusCode).toBe(303);
    expect(answered.headers.location).toBe(`${url}?enviada=1`);
    expect(
      pageData<SurveyPageData>(await t.app.inject({ method: 'GET', url: `${url}?enviada=1` })).state,
    ).toBe('thanks');
    const again = await post('rating=1&recommend=0&comment=otra');
    expect(again.statusCode).toBe(409);
    expect(pageData<SurveyPageData>(again).state).toBe('answered');
    expect(await count()).toBe(1);
    const consent = await t.app.db
      .selectFrom('consents')
      .select('purpose')
      .where('email', '=', emails[0]!)
      .where('purpose', '=', 'survey-quote')
      .execute();
    expect(consent).toHaveLength(1);

    // Another person answers without being quoted: her comment carries no name.
    const otherUrl = certificateLinks.survey(surveyTokenIn(second![0]!.body_text));
    await t.app.inject({
      method: 'POST',
      url: otherUrl,
      headers: FORM,
      payload: 'rating=4&recommend=8&comment=Bien',
    });
    const results = await admin.request('GET', certificateApiPaths.results(event.id));
    expect(results.json()).toEqual({
      data: {
        responses: 2,
        averageRating: 4.5,
        averageRecommend: 8.5,
        comments: [
          {
            comment: 'Muy claro, gracias',
            name: expect.stringMatching(/^María José Núñez/),
            answeredAt: expect.any(String),
          },
          { comment: 'Bien', name: null, answeredAt: expect.any(String) },
        ],
      },
    });
    const csv = await admin.request('GET', certificateApiPaths.resultsCsv(event.id));
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Muy claro, gracias');
    expect(csv.body.trim().split('\r\n')).toHaveLength(3);

    // Seven days after the start the survey is closed.
    const thirdUrl = certificateLinks.survey(surveyTokenIn(third![0]!.body_text));
    clock.now = new Date('2099-03-17T17:00:00Z');
    expect(pageData<SurveyPageData>(await t.app.inject({ method: 'GET', url: thirdUrl })).state).toBe(
      'closed',
    );
    const late = await t.app.inject({
      method: 'POST',
      url: thirdUrl,
      headers: FORM,
      payload: 'rating=3&recommend=5',
    });
    expect(late.statusCode).toBe(410);
    expect(await count()).toBe(2);
    expect(
      (await t.app.inject({ method: 'GET', url: '/Encuesta/no-es-un-enlace-valido-de-verdad' })).statusCode,
    ).toBe(404);
  });

  it('una persona registrada tarde recibe la suya sola; la cancelación de sus datos revoca su constancia', async () => {
    const { event, emails, idOf } = await eventWith(2);
    const [early, late] = emails as [string, string];
    await admin.request('PUT', certificateApiPaths.settings(event.id), { data: SETTINGS });
    await checkIn(idOf(early));
    expect((await admin.request('POST', certificateApiPaths.send(event.id))).json().data.queued).toBe(1);
    await checkIn(idOf(late));
    const alone = await admin.request('POST', certificateApiPaths.send(event.id), {
      data: { registrationId: idOf(late) },
    });
    expect(alone.json().data.queued).toBe(1);
    expect(await followupsTo(early)).toHaveLength(1);
    expect(await followupsTo(late)).toHaveLength(1);

    const folio = folioIn((await followupsTo(late))[0]!.body_text);
    // Cancelling a person's data cannot be undone: it asks for the password again first.
    await admin.confirm();
    const cancelled = await admin.request('POST', adminPaths.personCancel, { data: { email: late } });
    expect(cancelled.statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: certificateLinks.verify(folio) });
    expect(pageData<CertificatePageData>(page).status).toBe('Revocada');
    const found = await admin.request('GET', `${adminPaths.person}?email=${encodeURIComponent(early)}`);
    expect(JSON.stringify(found.json())).toContain('certificates');
  });

  it('pide sesión de administradora y datos válidos', async () => {
    const { event } = await eventWith(0);
    const outsider = new Browser(t.app);
    expect(
      (await outsider.request('PUT', certificateApiPaths.settings(event.id), { data: SETTINGS })).statusCode,
    ).toBe(401);
    const bad = await admin.request('PUT', certificateApiPaths.settings(event.id), {
      data: { ...SETTINGS, hours: 0, signers: [{ name: '', role: 'x' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['hours']));
    expect(
      (await admin.request('PUT', certificateApiPaths.settings('no-existe'), { data: SETTINGS })).statusCode,
    ).toBe(404);
  });
});
