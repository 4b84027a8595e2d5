import type { APIRequestContext } from '@playwright/test';
import { addDays, clock } from '../src/shared/clock.ts';
import type { Event } from '../src/shared/schemas.ts';
import { dayName, freeDay, openCalendar, showMonth } from './calendar.ts';
import { expect, expectAccessible, expectNoHorizontalOverflow, test } from './fixtures.ts';
import { E2E_ADMIN } from './paths.ts';

async function send(request: APIRequestContext, method: 'POST' | 'DELETE', url: string, data?: unknown) {
  const token = ((await (await request.get('/api/csrf')).json()) as { data: { token: string } }).data.token;
  const response = await request.fetch(url, { method, data, headers: { 'x-xsrf-token': token } });
  expect(response.ok(), `${method} ${url}: ${response.status()}`).toBe(true);
  return response;
}

test('Dos eventos el mismo día: el día dice cuántos son y cada uno se abre desde su lista', async ({
  page,
  request,
}) => {
  // Two widths, each with four axe scans and two dialogs: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  // Days apart from where the other calendar tests look (they start from tomorrow and four days on).
  const day = await freeDay(request, addDays(clock.today(), 8));
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await send(request, 'POST', '/api/auth/login', E2E_ADMIN);
  // Created evening first: the day lists them by their time, not by when they were made.
  const made: Event[] = [];
  for (const [name, hour, image, location] of [
    [`Cena de socias ${unique}`, 19, 'event-5', 'Guadalajara, Jalisco'],
    [`Taller matutino ${unique}`, 9, 'event-2', 'Puebla, Puebla'],
  ] as const) {
    const start = clock.instantOf({ ...day, hour });
    const response = await send(request, 'POST', '/api/events/create', {
      event: {
        name,
        location,
        date: clock.formatEventDate(start),
        eventDate: start.toISOString(),
        description: 'Dos actividades el mismo día.',
        images: [`/demo/events/${image}.svg`],
        imageCover: [`/demo/events/${image}.svg`],
        linkEvent: 'https://example.org/eventos/dia-doble',
      },
    });
    made.push(((await response.json()) as { data: Event }).data);
  }
  const [evening, morning] = made as [Event, Event];

  try {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/Inicio');
      const calendar = await openCalendar(page);
      await showMonth(calendar, day);
      // The day is called by how many events it holds, then by each one's name, earliest first (a test
      // beside this one may have chosen the same day: then its events are named too).
      const cell = calendar.getByRole('button', { name: new RegExp(`^\\d+ eventos, ${dayName(day)}: `) });
      await expect(cell).toBeVisible();
      await expect(cell).toHaveAccessibleName(new RegExp(`${morning.name}.*; ${evening.name}`));
      const count = Number(/^(\d+)/.exec((await cell.getAttribute('aria-label'))!)![1]);
      expect(count).toBeGreaterThanOrEqual(2);
      await expect(cell).toHaveAttribute('aria-haspopup', 'dialog');
      // The first one's picture; on wide screens the count is written, on a phone dots say it.
      if (count === 2) await expect(cell).toHaveAttribute('style', /event-2\.svg/);
      await expect(cell.locator('.calendar__dot')).toHaveCount(Math.min(count, 3));
      if (width === 1440) await expect(cell).toContainText(`${count} eventos`);
      await expectAccessible(page);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `test-results/calendario-dia-doble-${width}.png` });

      // With the mouse: the list, then the morning's event.
      await cell.click();
      const list = page.getByRole('dialog', { name: `Eventos del ${dayName(day)}` });
      await expect(list).toBeVisible();
      await expect(list.getByRole('link')).toHaveCount(count);
      const entries = list.getByRole('link').filter({ hasText: unique });
      await expect(entries).toHaveCount(2);
      await expect(entries.nth(0)).toContainText(morning.name);
      await expect(entries.nth(0)).toContainText('09:00 h · Puebla, Puebla');
      await expect(entries.nth(1)).toContainText(evening.name);
      await expect(entries.nth(1)).toHaveAttribute('href', `/Eventos/${evening.slug}`);
      await expectAccessible(page);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `test-results/calendario-lista-del-dia-${width}.png` });
      await entries.nth(0).click();
      const first = page.getByRole('dialog', { name: morning.name });
      await expect(first.getByText(`Puebla, Puebla, ${morning.date}`)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(first).toBeHidden();
      // Back in the list, on the entry it came from; with the keyboard to the evening's event.
      await expect(entries.nth(0)).toBeFocused();
      await entries.nth(1).focus();
      await page.keyboard.press('Enter');
      const second = page.getByRole('dialog', { name: evening.name });
      await expect(second.getByText(`Guadalajara, Jalisco, ${evening.date}`)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(second).toBeHidden();
      await expect(entries.nth(1)).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();
      await expect(cell).toBeFocused();
    }
  } finally {
    for (const event of made)
      await send(request, 'DELETE', `/api/events/delete/${encodeURIComponent(event.id)}`);
  }
});
