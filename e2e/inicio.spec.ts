import type { Page } from '@playwright/test';
import { clock, dayKey } from '../src/shared/clock.ts';
import { demoEvents } from '../src/server/content/demo-content.ts';
import { openCalendar, showMonth, singleEventDay } from './calendar.ts';
import { SPEC_BREAKPOINTS, expect, expectAccessible, expectNoHorizontalOverflow, test } from './fixtures.ts';

interface DemoEvent {
  name: string;
  location: string;
  date: string;
  eventDate: string;
  linkEvent: string;
}

/** Scrolls through the page so every reveal and lazy image has run. */
async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.evaluate(() => window.scrollTo(0, 0));
}

test.describe('Página de inicio', () => {
  test('Tiene sus secciones, un solo h1 y el hashtag', async ({ page }) => {
    await page.goto('/Inicio');
    for (const id of ['Inicio', 'Mision', 'Eventos', 'Noticias', 'Contacto']) {
      await expect(page.locator(`#${id}`)).toBeAttached();
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByText('#EnergíaQueEmpodera')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Noticias', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Contacto', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Socias / })).toBeVisible();
    await expect(page.locator('.partner-card').first()).toBeVisible();
  });

  test('El video solo se carga al pulsar reproducir', async ({ page }) => {
    await page.goto('/Inicio');
    await expect(page.locator('iframe')).toHaveCount(0);
    await page.getByRole('button', { name: 'Reproducir el video' }).click();
    await expect(page.locator('iframe')).toHaveAttribute(
      'src',
      /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
    );
  });

  test('Los contadores crecen con el desplazamiento y no bajan', async ({ page }) => {
    await page.goto('/Inicio');
    const socias = page.locator('[data-counter="socias"] .counters__value');
    // The server's figure until the section's code runs; from then on they follow the scroll.
    await expect(socias).toHaveText('100');
    await page.evaluate(() => window.scrollTo(0, 575));
    await expect(socias).toHaveText('50');
    await page.evaluate(() => window.scrollTo(0, 2000));
    await expect(socias).toHaveText('100');
    await expect(page.locator('[data-counter="year"] .counters__value')).toHaveText('2016');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(100);
    await expect(socias).toHaveText('100');
  });

  test('En móvil las tarjetas de misión avanzan de una en una con flechas', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/Inicio');
    const previous = page.getByRole('button', { name: 'Tarjeta anterior' });
    const next = page.getByRole('button', { name: 'Tarjeta siguiente' });
    await expect(previous).toBeHidden();
    await expect(page.locator('.mission-carousel__slide:visible')).toHaveCount(1);
    for (let card = 2; card <= 9; card += 1) await next.click();
    await expect(next).toBeHidden();
    await expect(previous).toBeVisible();
    await expect(previous).toBeFocused();
    await expect(page.getByText('9 / 9')).toBeVisible();
  });

  test('Inscribete abre el calendario y un día con evento abre su detalle', async ({ page, request }) => {
    const { data } = (await (await request.get('/api/events/get-all')).json()) as { data: DemoEvent[] };
    await page.goto('/Inicio');
    const { year, month: currentMonth } = clock.today();
    // A day that holds one demo event (the demo's days have one or two; tests beside this one add their
    // own events on other days), this year or the next.
    const demoNames = new Set(demoEvents(new Date()).map((demo) => demo.name));
    const perDay = new Map<string, DemoEvent[]>();
    for (const event of data.filter((listed) => demoNames.has(listed.name))) {
      const key = dayKey(clock.day(event.eventDate)!);
      perDay.set(key, [...(perDay.get(key) ?? []), event]);
    }
    const single = [...perDay.values()].find((held) => held.length === 1)?.[0];
    // The demo seed places events in this month and the next three.
    expect(single).toBeDefined();
    const event = single!;
    const date = clock.day(event.eventDate)!;

    const calendar = await openCalendar(page);
    await expect(calendar).toHaveAccessibleName(`Próximos eventos en ${year}`);
    await expect(calendar.getByRole('combobox', { name: 'Mes' })).toHaveValue(String(currentMonth));
    await expect(calendar.getByRole('combobox', { name: 'Año' })).toHaveValue(String(year));
    await expect(calendar.getByRole('columnheader')).toHaveCount(7);
    await expect(calendar.getByRole('columnheader').first()).toContainText('Domingo');
    await showMonth(calendar, date);

    const day = singleEventDay(calendar, event.name, date);
    // The day shows the event's name beside its number (wide screens): what it says is in its name.
    await expect(day).toContainText(event.name);
    await expectAccessible(page);
    // Its number is drawn above the dark veil over the image, not under it.
    const numberOnTop = await day.locator('.calendar__number').evaluate((number) => {
      const box = number.getBoundingClientRect();
      return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === number;
    });
    expect(numberOnTop).toBe(true);
    await day.focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: event.name });
    await expect(details).toBeVisible();
    await expect(details.getByText(`${event.location}, ${event.date}`)).toBeVisible();
    const link = details.getByRole('link', { name: /Visita el sitio/ });
    await expect(link).toHaveAttribute('href', event.linkEvent);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect.poll(async () => Math.round((await details.boundingBox())!.width)).toBe(600);

    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await expect(day).toBeFocused();
    await expect(calendar).toBeVisible();
  });

  test('Leer más abre la noticia completa en un diálogo de 991 px', async ({ page }) => {
    await page.goto('/Inicio');
    const first = page.locator('.news-card').first();
    const title = (await first.getByRole('heading').textContent())!;
    await expect(first.locator('.news-card__text')).toHaveText(/\.\.\.$/);
    const readMore = first.getByRole('link', { name: /Leer más/ });
    await readMore.click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('img')).toBeVisible();
    await expect(dialog.locator('.news-dialog__html')).not.toBeEmpty();
    // Measured once the opening animation has settled.
    await expect.poll(async () => Math.round((await dialog.boundingBox())!.width)).toBe(991);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toBeHidden();
    await expect(readMore).toBeFocused();
  });

  test('No hay desplazamiento horizontal en ningún punto de quiebre', async ({ page }) => {
    await page.goto('/Inicio');
    await expect(page.locator('.news-card').first()).toBeVisible();
    for (const width of SPEC_BREAKPOINTS) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(50);
      await expectNoHorizontalOverflow(page);
    }
  });

  test('No tiene infracciones de accesibilidad graves ni críticas', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/Inicio');
    await expect(page.locator('.news-card').first()).toBeVisible();
    await expect(page.locator('.partner-card').first()).toBeVisible();
    await scrollThrough(page);
    await expectAccessible(page);
  });
});
