import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addDays, clock } from '../src/shared/clock.ts';
import type { Event } from '../src/shared/schemas.ts';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  gotoWaitsForHydration,
  test,
  type Mailbox,
} from './fixtures.ts';
import { E2E_ADMIN } from './paths.ts';
import { freeDay, openCalendar, openEventFromCalendar } from './calendar.ts';

/**
 * When an event made here starts unless a test says: on the 2nd of a month at noon (the demo uses no
 * 2nd, so the days whose single demo event other tests look at stay single), ten or more days ahead.
 */
function defaultStart(): Date {
  const later = addDays(clock.today(), 40);
  return clock.instantOf({ ...later, day: 2, hour: 12 });
}

/** An event with `capacity` seats, made through the admin's API; returns its page's path. */
async function createEvent(request: APIRequestContext, label: string, capacity: number, startsAt?: Date) {
  const csrf = async () =>
    ((await (await request.get('/api/csrf')).json()) as { data: { token: string } }).data.token;
  const login = await request.post('/api/auth/login', {
    data: E2E_ADMIN,
    headers: { 'x-xsrf-token': await csrf() },
  });
  expect(login.ok()).toBe(true);
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const created = await request.post('/api/events/create', {
    headers: { 'x-xsrf-token': await csrf() },
    data: {
      event: {
        name: `Taller ${label} ${unique}`,
        location: 'Ciudad de México',
        date: clock.formatEventDate(startsAt ?? defaultStart()),
        eventDate: (startsAt ?? defaultStart()).toISOString(),
        description: 'Un taller práctico de almacenamiento con baterías.',
        images: ['/demo/events/event-3.svg'],
        imageCover: [],
        linkEvent: 'https://example.org/taller',
        registration: { enabled: true, capacity },
      },
    },
  });
  expect(created.status()).toBe(201);
  const { slug, id, name } = ((await created.json()) as { data: Event }).data;
  return { path: `/Eventos/${slug}`, unique, id, name };
}

const personOf = (unique: string, name: string) => ({
  fullName: `${name} Prueba`,
  email: `${name.toLowerCase()}.${unique}@example.org`,
});

const NEWSLETTER_BOX = 'Quiero recibir el boletín (te enviaremos un correo para confirmarlo)';

async function fillAndSend(form: Locator, person: { fullName: string; email: string }, newsletter = false) {
  await form.getByLabel('Nombre completo').fill(person.fullName);
  await form.getByLabel('Correo electrónico').fill(person.email);
  const box = form.getByRole('checkbox', { name: NEWSLETTER_BOX });
  // Voluntary: the box starts unticked.
  await expect(box).not.toBeChecked();
  if (newsletter) await box.check();
  await form.getByRole('button', { name: 'Registrarme' }).click();
}

async function signUp(
  page: Page,
  path: string,
  person: { fullName: string; email: string },
  newsletter = false,
) {
  await page.goto(path);
  await fillAndSend(page.getByRole('region', { name: 'Regístrate' }), person, newsletter);
}

/** Confirms a subscription from its mail, on the page's button (opening the link changes nothing). */
async function confirmSubscription(page: Page, mailbox: Mailbox, email: string, scripted: boolean) {
  const mail = await mailbox.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Confirma'));
  const link = /https?:\/\/\S+\/Boletin\/confirmar\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, 'the mail carries the confirmation link').toBeTruthy();
  const tab = await plainTab(page, scripted);
  await tab.goto(new URL(link!).pathname);
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Confirma tu suscripción');
  await tab.getByRole('button', { name: 'Confirmar suscripción' }).click();
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Suscripción confirmada');
  await tab.close();
}

const mailTo = (mailbox: Mailbox, email: string, subject: string) =>
  mailbox.waitFor((m) => m.to.includes(email) && m.subject.includes(subject));

/**
 * A mail's link opened in a tab of its own, as a mail client opens it; with script, the test acts once
 * the page is hydrated, as it does on its first tab.
 */
const plainTab = async (page: Page, scripted: boolean) => {
  const tab = await page.context().newPage();
  return scripted ? gotoWaitsForHydration(tab) : tab;
};

function manageLink(text: string): string {
  const match = /https?:\/\/\S+\/Registro\/[A-Za-z0-9_-]+/.exec(text);
  expect(match, 'the mail carries the manage link').not.toBeNull();
  return new URL(match![0]).pathname;
}

async function storyOfTwoSeats(
  page: Page,
  mailbox: Mailbox,
  path: string,
  unique: string,
  scripted: boolean,
) {
  const [ana, bea, carla] = ['Ana', 'Bea', 'Carla'].map((name) => personOf(unique, name)) as [
    ReturnType<typeof personOf>,
    ReturnType<typeof personOf>,
    ReturnType<typeof personOf>,
  ];
  await page.goto(path);
  await expect(page.getByText('Quedan 2 lugares')).toBeVisible();

  await signUp(page, path, ana);
  if (scripted) await expect(page.getByRole('status')).toContainText('Tu lugar está confirmado');
  else {
    await expect(page).toHaveURL(/\/RegistroEnviado\?/);
    await expect(page.getByRole('heading', { level: 1, name: '¡Registro confirmado!' })).toBeVisible();
  }
  // Bea also asks for the newsletter: the same double opt-in as the other forms.
  await signUp(page, path, bea, true);
  // The sign-up is stored before the page moves on (with script it is sent in place).
  if (scripted) await expect(page.getByRole('status')).toContainText('Tu lugar está confirmado');
  else await expect(page).toHaveURL(/\/RegistroEnviado\?/);
  // The page is drawn again once the change is told (within a quarter of a second during a burst).
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByText('El cupo está lleno')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await signUp(page, path, carla);
  await expect(page.getByText('en el lugar 1')).toBeVisible();

  for (const person of [ana, bea]) {
    const mail = await mailTo(mailbox, person.email, 'Registro confirmado');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.contentType).toContain('text/calendar');
    expect(mail.attachments[0]!.content).toContain('METHOD:PUBLISH');
  }
  await confirmSubscription(page, mailbox, bea.email, scripted);
  // Nobody else ticked the box: no confirmation mail for them.
  expect(
    mailbox
      .all()
      .filter(
        (m) =>
          [ana.email, carla.email].some((email) => m.to.includes(email)) && m.subject.startsWith('Confirma'),
      ),
  ).toEqual([]);
  const waiting = await mailTo(mailbox, carla.email, 'Lista de espera');
  expect(waiting.text).toContain('en el lugar 1');

  // Ana cancels from the link in her mail; nobody touches the admin.
  const confirmation = await mailTo(mailbox, ana.email, 'Registro confirmado');
  const tab = await plainTab(page, scripted);
  await tab.goto(manageLink(confirmation.text));
  await expect(tab.getByText('Tu lugar está confirmado')).toBeVisible();
  await tab.getByRole('button', { name: 'Cancelar mi registro' }).click();
  await expect(tab.getByText('Tu registro está cancelado')).toBeVisible();

  const promoted = await mailTo(mailbox, carla.email, 'Tienes lugar');
  expect(promoted.attachments[0]!.content).toContain('METHOD:PUBLISH');
  await tab.goto(manageLink(promoted.text));
  await expect(tab.getByText('Tu lugar está confirmado')).toBeVisible();
}

test.describe('Registro a eventos con JavaScript', () => {
  test('dos lugares, una tercera en espera que pasa a confirmada cuando la primera cancela', async ({
    page,
    mailbox,
    request,
  }) => {
    const { path, unique } = await createEvent(request, 'con script', 2);
    await storyOfTwoSeats(page, mailbox, path, unique, true);
  });

  test('la página del evento con el formulario y la de registro son accesibles a 1440 y 390 px', async ({
    page,
    mailbox,
    request,
  }) => {
    const { path, unique } = await createEvent(request, 'accesible', 5);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole('region', { name: 'Regístrate' })).toBeVisible();
      await expect(page.getByText('Quedan 5 lugares')).toBeVisible();
      await expectAccessible(page);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `test-results/registro-evento-${width}.png`, fullPage: true });
    }
    const person = personOf(unique, 'Dora');
    await signUp(page, path, person);
    const mail = await mailTo(mailbox, person.email, 'Registro confirmado');
    const tab = await plainTab(page, true);
    for (const width of [1440, 390]) {
      await tab.setViewportSize({ width, height: 900 });
      await tab.goto(manageLink(mail.text));
      await expect(tab.getByRole('img', { name: /Código QR/ })).toBeVisible();
      await expectAccessible(tab);
      await expectNoHorizontalOverflow(tab);
      await tab.screenshot({ path: `test-results/registro-gestion-${width}.png`, fullPage: true });
    }
  });

  test('un registro con errores vuelve con lo escrito, y la asistencia se registra en la puerta, con el marco de los formularios a 1440 y 390 px', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { path, unique, id } = await createEvent(request, 'errores', 3);
    const person = personOf(unique, 'Flor');
    await page.goto(path);
    const form = page.getByRole('region', { name: 'Regístrate' });
    await form.getByLabel('Nombre completo').fill(person.fullName);
    await form.getByLabel('Correo electrónico').fill('no-es-correo');
    await form.getByRole('checkbox', { name: NEWSLETTER_BOX }).check();
    // Sent as a browser without script sends it (the page's script would answer in place).
    await form.locator('form').evaluate((element) => (element as HTMLFormElement).submit());
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Registro: Taller errores');
    // The form again (the footer's newsletter form also asks for an address).
    const again = page.locator(`form[action="/Eventos/registro/${id}"]`);
    await expect(again.getByLabel('Nombre completo')).toHaveValue(person.fullName);
    await expect(again.getByLabel('Correo electrónico')).toHaveValue('no-es-correo');
    await expect(again.getByLabel('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
    await expect(again.getByRole('checkbox', { name: NEWSLETTER_BOX })).toBeChecked();
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessible(page);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `test-results/registro-errores-${width}.png`, fullPage: true });
    }
    await again.getByLabel('Correo electrónico').fill(person.email);
    await again.getByRole('button', { name: 'Registrarme' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '¡Registro confirmado!' })).toBeVisible();
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/registro-enviado-${width}.png`, fullPage: true });
    }
    // A refused post (an event nobody may see) names no event: the same page for any id.
    await page.goto(path);
    await form.locator('form').evaluate((element) => {
      (element as HTMLFormElement).action = '/Eventos/registro/no-existe';
      (element as HTMLFormElement).submit();
    });
    await expect(page.getByRole('heading', { level: 1, name: 'No pudimos registrarte' })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/registro-rechazado-390.png', fullPage: true });

    // At the door: without a session, nothing personal; with the admin's, the button that checks her in.
    const csrf = async () =>
      ((await (await page.request.get('/api/csrf')).json()) as { data: { token: string } }).data.token;
    const login = await page.request.post('/api/auth/login', {
      data: E2E_ADMIN,
      headers: { 'x-xsrf-token': await csrf() },
    });
    expect(login.ok()).toBe(true);
    const list = await page.request.get(`/api/admin/events/${encodeURIComponent(id)}/registrations`);
    const registration = ((await list.json()) as { data: { id: string; email: string }[] }).data.find(
      (row) => row.email === person.email,
    );
    await page.goto(`/admin/asistencia/${registration!.id}`);
    await expect(page.getByText(person.email)).toBeVisible();
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessible(page);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `test-results/registro-asistencia-${width}.png`, fullPage: true });
    }
    await page.getByRole('button', { name: 'Registrar asistencia' }).click();
    await expect(page.getByRole('status')).toContainText(/Asistió a las \d\d:\d\d/);
  });
});

test.describe('Registro desde el calendario de /Inicio', () => {
  test('el diálogo del evento lleva el formulario, registra y confirma en el mismo diálogo', async ({
    page,
    mailbox,
    request,
  }) => {
    // A day from four days on (this year or the next, which the calendar reaches) that holds no other
    // event; the admin's calendar test looks from tomorrow.
    const day = await freeDay(request, addDays(clock.today(), 4));
    const noon = clock.instantOf({ ...day, hour: 12 });
    const event = await createEvent(request, 'calendario', 3, noon);
    const { unique } = event;
    try {
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/Inicio');
        const calendar = await openCalendar(page);
        const details = await openEventFromCalendar(page, calendar, event.name, day);
        const form = details.getByRole('region', { name: 'Regístrate' });
        await expect(form.getByText('Quedan 3 lugares')).toBeVisible();
        await expectAccessible(page);
        await expectNoHorizontalOverflow(page);
        await page.screenshot({ path: `test-results/registro-dialogo-${width}.png` });
        if (width === 1440) {
          await page.keyboard.press('Escape');
          continue;
        }
        const person = personOf(unique, 'Elena');
        await fillAndSend(form, person, true);
        await expect(form.getByRole('status')).toContainText('Tu lugar está confirmado');
        // Still on /Inicio, in the dialog.
        await expect(page).toHaveURL(/\/Inicio$/);
        await expect(details).toBeVisible();
        await page.screenshot({ path: `test-results/registro-dialogo-enviado-${width}.png` });
        const mail = await mailTo(mailbox, person.email, 'Registro confirmado');
        expect(mail.attachments[0]!.contentType).toContain('text/calendar');
        await confirmSubscription(page, mailbox, person.email, true);
      }
    } finally {
      await request.delete(`/api/events/delete/${encodeURIComponent(event.id)}`, {
        headers: {
          'x-xsrf-token': ((await (await request.get('/api/csrf')).json()) as { data: { token: string } })
            .data.token,
        },
      });
    }
  });
});

test.describe('Registro a eventos sin JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('el mismo recorrido con formularios simples', async ({ page, mailbox, request }) => {
    const { path, unique } = await createEvent(request, 'sin script', 2);
    await storyOfTwoSeats(page, mailbox, path, unique, false);
  });

  test('un enlace de registro desconocido es una página 404', async ({ page }) => {
    const response = await page.goto('/Registro/desconocido-desconocido-desconocido');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'No encontramos este registro' })).toBeVisible();
  });
});
