import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Event } from '../src/shared/schemas.ts';
import type { RegistrationFill } from '../src/shared/registrations.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { E2E_ADMIN } from './paths.ts';

/** A fixed day far ahead: no demo event, no month's end, the same on every day the tests run. */
const EVENT_DATE = '2099-03-03T18:00:00.000Z';

async function csrfSend(request: APIRequestContext, url: string, data: unknown) {
  const token = ((await (await request.get('/api/csrf')).json()) as { data: { token: string } }).data.token;
  return request.post(url, { data, headers: { 'x-xsrf-token': token } });
}

async function logIn(page: Page) {
  await page.goto('/admin');
  await page.getByRole('textbox', { name: /Correo electrónico/ }).fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: /Contraseña/ }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Resumen' })).toBeVisible();
}

/** An event with two seats, made through the admin's API, and three people signed up on the public API. */
async function fullEventWithWaitlist(request: APIRequestContext) {
  const name = `Taller de tableros ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const created = await csrfSend(request, '/api/events/create', {
    event: {
      name,
      location: 'Ciudad de México',
      date: '3 de marzo de 2099',
      eventDate: EVENT_DATE,
      description: 'Un taller práctico sobre tableros de control de plantas solares.',
      images: ['/demo/events/event-3.svg'],
      imageCover: [],
      linkEvent: 'https://example.org/taller',
      registration: { enabled: true, capacity: 2 },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = ((await created.json()) as { data: Event }).data;
  for (const person of ['ana', 'bea', 'cris']) {
    const signUp = await csrfSend(request, `/api/events/${id}/registrations`, {
      data: { fullName: `${person} Prueba`, email: `${person}.${id}@example.org` },
    });
    expect(signUp.status()).toBe(201);
  }
  return { id, name };
}

const numbers = async (locator: Locator) => ((await locator.innerText()).match(/\d+/g) ?? []).map(Number);

/** The filter a link hands to its list screen. */
const filterOf = (href: string | null) =>
  JSON.parse(new URLSearchParams((href ?? '').split('?')[1]).get('filter') ?? '{}') as Record<
    string,
    unknown
  >;

/** No sideways scrolling once the layout has settled (the menu slides away when the screen narrows). */
async function expectSettledWithoutOverflow(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
}

test.describe('El resumen y la lista de eventos con sus registros', () => {
  // Two screens, each scanned by axe and seen at two widths on a shared machine.
  test.slow();

  test('La lista de eventos nombra los registros de cada uno y se filtra por "con registro"', async ({
    page,
  }) => {
    await logIn(page);
    const event = await fullEventWithWaitlist(page.request);
    await page.getByRole('menuitem', { name: 'Eventos' }).click();
    const search = page.getByPlaceholder('Buscar por nombre o lugar');
    const registration = page.getByRole('combobox', { name: 'Registro' });
    await search.fill(event.name);
    const ours = page.getByRole('row', { name: new RegExp(event.name) });
    await expect(ours).toContainText('2 de 2 · 1 en espera');
    await registration.click();
    await page.getByRole('option', { name: 'Con registro' }).click();
    await expect(ours).toContainText('2 de 2 · 1 en espera');
    // A demo event has no sign-up: "con registro" leaves it out, "sin registro" shows it.
    const demoName = 'Visita técnica a una planta solar';
    const demo = page.getByRole('row', { name: new RegExp(demoName) });
    await search.fill(demoName);
    await expect(page.getByText('No hay resultados con estos filtros.')).toBeVisible();
    await expect(demo).toHaveCount(0);
    await registration.click();
    await page.getByRole('option', { name: 'Sin registro' }).click();
    await expect(demo).toContainText('Sin registro');
    // Sorted by the column: those without sign-up first, then, the other way, those with the most.
    await search.clear();
    await registration.click();
    await page.getByRole('option').filter({ hasText: 'Todos' }).click();
    await expect(page).toHaveURL(/filter=%7B%7D/);
    const firstRow = page.getByRole('row').nth(1);
    await page.getByRole('button', { name: /^Ordenar por registro/ }).click();
    await expect(page).toHaveURL(/order=ASC.*sort=signups/);
    await expect(firstRow).toContainText('Sin registro');
    await page.getByRole('button', { name: /^Ordenar por registro/ }).click();
    await expect(page).toHaveURL(/order=DESC.*sort=signups/);
    await expect(firstRow).toContainText(/\d+ de \d+/);
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectSettledWithoutOverflow(page);
    await expect(page.locator('a').filter({ hasText: event.name })).toContainText('2 de 2 · 1 en espera');
  });

  test('El resumen muestra los próximos eventos con su ocupación y cada cifra lleva a su pantalla', async ({
    page,
  }) => {
    await logIn(page);
    const event = await fullEventWithWaitlist(page.request);
    const sent = await csrfSend(page.request, '/api/mail/contact', {
      data: {
        fullName: 'Alicia Ramos Peña',
        company: 'Sol y Viento',
        position: 'Ingeniera',
        email: `resumen-${event.id}@example.org`,
        phoneNumber: '5511112222',
      },
    });
    expect(sent.status()).toBe(201);

    // The next five with sign-up open, as the registrations summary gives them (other tests may add
    // events meanwhile: the card and the summary are read again until they are of the same moment).
    const events = page.getByRole('list', { name: 'Próximos eventos con registro abierto' });
    let expected: string[] = [];
    await expect(async () => {
      const fills = (
        (await (await page.request.get('/api/admin/registrations/summary')).json()) as {
          data: RegistrationFill[];
        }
      ).data;
      expected = fills
        .filter((fill) => fill.enabled && Date.parse(fill.eventDate) > Date.now())
        .slice(0, 5)
        .map((fill) => fill.name);
      expect(expected.length).toBeGreaterThan(0);
      await page.reload();
      await expect(events.getByRole('heading', { level: 3 })).toHaveText(expected, { timeout: 5_000 });
    }).toPass();
    if (expected.includes(event.name)) {
      const ours = events.getByRole('listitem').filter({ hasText: event.name });
      await expect(ours.getByRole('link')).toHaveText('2 de 2 confirmadas · 1 en espera');
      await expect(ours.getByRole('progressbar')).toHaveAttribute(
        'aria-valuetext',
        '2 de 2 lugares ocupados',
      );
    }

    // The members' figures: each the count the members list gives with the link's filter.
    const members = page.getByRole('list', { name: 'Membresías' });
    await expect(members.getByRole('link')).toHaveCount(4);
    for (const link of await members.getByRole('link').all()) {
      const filter = filterOf(await link.getAttribute('href'));
      const query = new URLSearchParams(Object.entries(filter).map(([key, value]) => [key, String(value)]));
      const list = await page.request.get(`/api/admin/members?${query}`);
      expect(list.status()).toBe(200);
      expect((await numbers(link))[0]).toBe(((await list.json()) as { total: number }).total);
    }

    // The newsletter's card: its figures once the server answers its summary, a quiet note until then.
    const newsletter = page.getByRole('region', { name: 'Boletín' });
    if ((await page.request.get('/api/admin/newsletter/summary')).status() === 404)
      await expect(newsletter).toContainText('Este resumen no está disponible todavía.');
    else await expect(newsletter.getByRole('list', { name: 'Suscriptoras del boletín' })).toBeVisible();

    // New requests: the figure opens the inbox filtered the same way, which counts as many.
    const waiting = page.getByRole('link', { name: /esperan? respuesta/ });
    const count = (await numbers(waiting))[0];
    await waiting.click();
    await expect(page.getByRole('combobox', { name: 'Estado' })).toContainText('Nueva');
    await expect(page.getByText(new RegExp(`de ${count}$`))).toBeVisible();

    // The first event's fill is the one its registrations screen shows.
    await page.goto('/admin#/');
    const first = events.getByRole('listitem').first().getByRole('link');
    const shown = await numbers(first);
    await first.click();
    const screen = page.getByRole('region', { name: 'Registros' }).getByText(/Confirmadas:/);
    await expect(screen).toBeVisible();
    expect((await numbers(screen)).slice(0, shown.length)).toEqual(shown);

    // Read on a phone as on a wide screen.
    await page.goto('/admin#/');
    await expect(events.getByRole('heading', { level: 3 }).first()).toBeVisible();
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectSettledWithoutOverflow(page);
      await page.screenshot({ path: `.e2e-tmp/admin-dashboard-${width}.png`, fullPage: true });
    }
    await expectAccessible(page);
  });
});
