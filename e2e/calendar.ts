import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { MONTH_NAMES, addDays, clock, dayKey, type CalendarDate } from '../src/shared/clock.ts';
import type { Event } from '../src/shared/schemas.ts';
import { expect } from './fixtures.ts';

// The calendar's days are read on the association's clock. Tests that put an event on a day choose one
// that holds no other, from the events the site lists at that moment; tests running beside them may
// still choose the same day, so a test reaches its event through the day's list when it has company.

/** The events the public site lists now. */
export async function listedEvents(request: APIRequestContext): Promise<Event[]> {
  return ((await (await request.get('/api/events/get-all')).json()) as { data: Event[] }).data;
}

/** The first day from `from` on (tomorrow by default), within a year, that holds no listed event. */
export async function freeDay(
  request: APIRequestContext,
  from: CalendarDate = addDays(clock.today(), 1),
): Promise<CalendarDate> {
  const taken = new Set((await listedEvents(request)).map((event) => dayKey(clock.day(event.eventDate)!)));
  for (let ahead = 0; ahead < 366; ahead += 1) {
    const candidate = addDays(from, ahead);
    if (!taken.has(dayKey(candidate))) return candidate;
  }
  throw new Error('No free day within a year');
}

/** "26 de noviembre", as the calendar names a day. */
export const dayName = (day: CalendarDate) =>
  `${day.day} de ${MONTH_NAMES[day.month - 1]!.toLocaleLowerCase('es-MX')}`;

/** Opens the calendar from /Inicio's teaser; the page must be on /Inicio. */
export async function openCalendar(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Inscribete' }).click();
  const calendar = page.getByRole('dialog', { name: /^Próximos eventos en \d{4}$/ });
  await expect(calendar).toBeVisible();
  return calendar;
}

/** Shows the month of `day` (this year or the next). */
export async function showMonth(calendar: Locator, day: CalendarDate) {
  await calendar.getByRole('combobox', { name: 'Año' }).selectOption(String(day.year));
  await calendar.getByRole('combobox', { name: 'Mes' }).selectOption(String(day.month));
}

/** The cell of a day that holds this one event alone. */
export const singleEventDay = (calendar: Locator, name: string, day: CalendarDate) =>
  calendar.getByRole('link', { name: `${name}, ${dayName(day)}`, exact: true });

/**
 * Opens an event's dialog from the calendar, whether its day holds it alone or with others (then through
 * the day's list). Returns the event's dialog.
 */
export async function openEventFromCalendar(
  page: Page,
  calendar: Locator,
  name: string,
  day: CalendarDate,
): Promise<Locator> {
  await showMonth(calendar, day);
  const alone = singleEventDay(calendar, name, day);
  const several = calendar.getByRole('button', { name: new RegExp(`^\\d+ eventos, ${dayName(day)}: `) });
  await expect(alone.or(several)).toBeVisible();
  if (await alone.isVisible()) {
    await alone.click();
  } else {
    await expect(several).toHaveAccessibleName(new RegExp(escapeRegExp(name)));
    await several.click();
    const list = page.getByRole('dialog', { name: `Eventos del ${dayName(day)}` });
    await list.getByRole('link', { name: new RegExp(`^${escapeRegExp(name)}`) }).click();
  }
  const details = page.getByRole('dialog', { name });
  await expect(details).toBeVisible();
  return details;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
