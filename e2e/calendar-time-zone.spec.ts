import type { APIRequestContext } from '@playwright/test';
import { addDays, clock, dayKey, type CalendarDate } from '../src/shared/clock.ts';
import type { Event } from '../src/shared/schemas.ts';
import { expect, test } from './fixtures.ts';
import { E2E_ADMIN } from './paths.ts';
import { dayName, openCalendar, openEventFromCalendar } from './calendar.ts';

async function send(request: APIRequestContext, method: 'POST' | 'DELETE', url: string, data?: unknown) {
  const token = ((await (await request.get('/api/csrf')).json()) as { data: { token: string } }).data.token;
  const response = await request.fetch(url, { method, data, headers: { 'x-xsrf-token': token } });
  expect(response.ok(), `${method} ${url}: ${response.status()}`).toBe(true);
  return response;
}

// The visitor's device is in Tokyo: the calendar still reads days on the association's clock.
test.use({ timezoneId: 'Asia/Tokyo' });

test('Un evento a las 19:00 de la Ciudad de México aparece en su día, aunque en UTC ya sea el siguiente', async ({
  page,
  request,
}) => {
  const { data: existing } = (await (await request.get('/api/events/get-all')).json()) as { data: Event[] };
  const taken = new Set(existing.map((event) => dayKey(clock.day(event.eventDate)!)));
  const today = clock.today();
  // A day of this month (past days are shown too) whose day and next day hold no other event.
  let day: CalendarDate | undefined;
  for (let number = 1; number <= 27 && !day; number += 1) {
    const candidate = { ...today, day: number };
    if (!taken.has(dayKey(candidate)) && !taken.has(dayKey(addDays(candidate, 1)))) day = candidate;
  }
  expect(day, 'a free day this month').toBeDefined();
  const evening = clock.instantOf({ ...day!, hour: 19 });
  // The premise: in UTC it is already the next day.
  expect(evening.getUTCDate()).toBe(day!.day + 1);

  await send(request, 'POST', '/api/auth/login', E2E_ADMIN);
  const name = `Cena de socias ${Date.now().toString(36)}`;
  const created = await send(request, 'POST', '/api/events/create', {
    event: {
      name,
      location: 'Ciudad de México',
      date: clock.formatEventDate(evening),
      eventDate: evening.toISOString(),
      description: 'Una cena para conocernos.',
      images: ['/demo/events/event-3.svg'],
      imageCover: ['/demo/events/event-3.svg'],
      linkEvent: 'https://example.org/eventos/cena',
    },
  });
  const { id } = ((await created.json()) as { data: { id: string } }).data;

  try {
    await page.goto('/Inicio');
    const calendar = await openCalendar(page);
    await expect(calendar.getByRole('combobox', { name: 'Mes' })).toHaveValue(String(today.month));
    // The one cell that names the event is its own day's, not the next (UTC's) day's.
    const naming = new RegExp(name);
    const cells = calendar
      .getByRole('link', { name: naming })
      .or(calendar.getByRole('button', { name: naming }));
    await expect(cells).toHaveCount(1);
    await expect(cells).toHaveAccessibleName(new RegExp(`, ${dayName(day!)}(:|$)`));
    const details = await openEventFromCalendar(page, calendar, name, day!);
    await expect(details.getByText(`Ciudad de México, ${dayName(day!)}`)).toBeVisible();
    await expect(details.getByText(/19:00 h/)).toBeVisible();
  } finally {
    await send(request, 'DELETE', `/api/events/delete/${encodeURIComponent(id)}`);
  }
});
