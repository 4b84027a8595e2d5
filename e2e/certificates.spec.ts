import type { APIRequestContext } from '@playwright/test';
import { addDays, clock } from '../src/shared/clock.ts';
import { expect, expectAccessible, expectNoHorizontalOverflow, test } from './fixtures.ts';
import { E2E_ADMIN } from './paths.ts';

/** The API with the admin's session (the request fixture keeps its cookies). */
async function asAdmin(request: APIRequestContext) {
  const csrf = async () =>
    ((await (await request.get('/api/csrf')).json()) as { data: { token: string } }).data.token;
  const login = await request.post('/api/auth/login', {
    data: E2E_ADMIN,
    headers: { 'x-xsrf-token': await csrf() },
  });
  expect(login.ok()).toBe(true);
  return async (method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) =>
    request.fetch(path, { method, headers: { 'x-xsrf-token': await csrf() }, ...(data ? { data } : {}) });
}

test('quien asistió recibe su constancia, la verifica y responde la encuesta una vez; quien no asistió no recibe nada', async ({
  page,
  request,
  mailbox,
  browser,
}) => {
  const api = await asAdmin(request);
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  // On the 3rd of a month some weeks ahead (sign-up is open until the start; the survey after it).
  const startsAt = clock.instantOf({ ...addDays(clock.today(), 40), day: 3, hour: 10 });
  const created = await api('POST', '/api/events/create', {
    event: {
      name: `Taller de constancias ${unique}`,
      location: 'Ciudad de México',
      date: clock.formatEventDate(startsAt),
      eventDate: startsAt.toISOString(),
      description: 'Un taller práctico.',
      images: ['/demo/events/event-3.svg'],
      imageCover: [],
      linkEvent: 'https://example.org/taller',
      registration: { enabled: true, capacity: 10 },
    },
  });
  expect(created.status()).toBe(201);
  const event = ((await created.json()) as { data: { id: string } }).data;
  const settings = await api('PUT', `/api/admin/events/${event.id}/certificate`, {
    data: { enabled: true, hours: 3, text: '', signers: [{ name: 'Ana Pérez', role: 'Presidenta' }] },
  });
  expect(settings.status()).toBe(200);

  const came = { fullName: `Sofía Ibáñez ${unique}`, email: `sofia.${unique}@example.org` };
  const absent = { fullName: `Rocío Peña ${unique}`, email: `rocio.${unique}@example.org` };
  for (const person of [came, absent]) {
    expect((await api('POST', `/api/events/${event.id}/registrations`, { data: person })).status()).toBe(201);
  }
  const list = (await (await api('GET', `/api/admin/events/${event.id}/registrations`)).json()) as {
    data: { id: string; email: string }[];
  };
  const cameId = list.data.find((row) => row.email === came.email)!.id;
  const checkIn = await request.post(`/admin/asistencia/${cameId}`, {
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(checkIn.status()).toBeLessThan(400);

  const sent = await api('POST', `/api/admin/events/${event.id}/certificates/send`);
  expect(sent.status()).toBe(202);
  expect(await sent.json()).toEqual({ data: { queued: 1 } });

  const mail = await mailbox.waitFor(
    (message) => message.to.includes(came.email) && message.subject.startsWith('Tu constancia'),
  );
  const verify = new URL(/https?:\/\/\S+\/Constancias\/\S+/.exec(mail.text)![0]);
  const survey = new URL(/https?:\/\/\S+\/Encuesta\/\S+/.exec(mail.text)![0]);

  await page.goto(verify.pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Verificación de constancia' })).toBeVisible();
  await expect(page.getByText('Vigente', { exact: true })).toBeVisible();
  await expect(page.getByText(came.fullName)).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalOverflow(page);
  const pdf = await request.get(`${verify.pathname}.pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // The survey, without script: opening it records nothing; its button records one answer.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const form = await plain.newPage();
  await form.goto(survey.pathname);
  await expect(form.getByRole('heading', { level: 1 })).toContainText('¿Qué te pareció');
  await expect(form.getByRole('checkbox', { name: /Pueden citar mi nombre/ })).not.toBeChecked();
  const surveyForm = form
    .locator('form')
    .filter({ has: form.getByRole('button', { name: 'Enviar mi respuesta' }) });
  await expect(surveyForm.getByText('Aviso de privacidad simplificado')).toBeVisible();
  await form
    .getByRole('group', { name: '¿Cómo calificas el evento?' })
    .getByRole('radio', { name: '5', exact: true })
    .check();
  await form
    .getByRole('group', { name: '¿La recomendarías?' })
    .getByRole('radio', { name: '9', exact: true })
    .check();
  await form.getByLabel('Comentario (opcional)', { exact: true }).fill('Muy práctico');
  await form.getByRole('button', { name: 'Enviar mi respuesta' }).click();
  await expect(form.getByRole('heading', { name: '¡Gracias por tu respuesta!' })).toBeVisible();
  await plain.close();

  const results = (await (await api('GET', `/api/admin/events/${event.id}/survey/results`)).json()) as {
    data: { responses: number; comments: { comment: string; name: string | null }[] };
  };
  expect(results.data.responses).toBe(1);
  expect(results.data.comments).toEqual([
    { comment: 'Muy práctico', name: null, answeredAt: expect.any(String) },
  ]);

  // Revoked by staff: the same page now says so.
  const folio = decodeURIComponent(verify.pathname.split('/').pop()!);
  expect(
    (await api('POST', `/api/admin/certificates/${folio}/revoke`, { data: { reason: 'Prueba' } })).status(),
  ).toBe(200);
  await page.goto(verify.pathname);
  await expect(page.getByText('Revocada', { exact: true })).toBeVisible();
  expect(
    mailbox
      .all()
      .some((message) => message.to.includes(absent.email) && !message.subject.startsWith('Registro')),
  ).toBe(false);
});
