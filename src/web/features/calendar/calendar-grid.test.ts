import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockFor, daysInMonth, type Clock } from '../../../shared/clock.ts';
import type { Event } from '../../../shared/schemas.ts';
import { WEEKDAY_NAMES, buildCalendarWeeks, eventDayKey } from './calendar-grid.ts';

const event = (id: string, eventDate: string): Event => ({
  id,
  name: `Evento ${id}`,
  location: 'Ciudad de México',
  date: '8 de marzo',
  eventDate,
  description: 'Descripción',
  images: [`/demo/events/${id}.svg`],
  imageCover: [`/demo/events/${id}.svg`],
  linkEvent: 'https://example.org',
  slug: `evento-${id}`,
});

const inMonthDays = (weeks: ReturnType<typeof buildCalendarWeeks>) =>
  weeks
    .flat()
    .filter((day) => day.inMonth)
    .map((day) => day.day);

afterEach(() => vi.restoreAllMocks());

describe('buildCalendarWeeks', () => {
  it('starts the week on Sunday', () => {
    expect(WEEKDAY_NAMES[0]).toBe('Domingo');
    expect(WEEKDAY_NAMES[6]).toBe('Sábado');
    // 1 March 2026 is a Sunday: it opens the first row, with no padding.
    const march = buildCalendarWeeks(2026, 3);
    expect(march[0]?.[0]).toMatchObject({ year: 2026, month: 3, day: 1, inMonth: true });
    // 1 April 2026 is a Wednesday: Sunday to Tuesday come from March.
    const april = buildCalendarWeeks(2026, 4);
    expect(april[0]?.map((day) => day.day)).toEqual([29, 30, 31, 1, 2, 3, 4]);
    expect(april[0]?.slice(0, 3).every((day) => !day.inMonth && day.month === 3)).toBe(true);
  });

  it('always has 7 columns', () => {
    for (let month = 1; month <= 12; month += 1) {
      for (const week of buildCalendarWeeks(2026, month)) expect(week).toHaveLength(7);
    }
  });

  it('drops a last week that holds only days of the next month', () => {
    // May 2026 starts on a Friday and ends on a Sunday: six rows, the last one holding only 31 May.
    const may = buildCalendarWeeks(2026, 5);
    expect(may).toHaveLength(6);
    // June 2026 starts on a Monday and ends on a Tuesday: five rows; the sixth would be all July.
    const june = buildCalendarWeeks(2026, 6);
    expect(june).toHaveLength(5);
    expect(june.at(-1)?.some((day) => day.inMonth)).toBe(true);
    // February 2026 starts on a Sunday and has 28 days: exactly four rows.
    const february = buildCalendarWeeks(2026, 2);
    expect(february).toHaveLength(4);
    expect(february.flat().every((day) => day.inMonth)).toBe(true);
  });

  it('lists every day of months of 28, 29, 30 and 31 days', () => {
    const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(inMonthDays(buildCalendarWeeks(2026, 2))).toEqual(range(28));
    expect(inMonthDays(buildCalendarWeeks(2028, 2))).toEqual(range(29));
    expect(inMonthDays(buildCalendarWeeks(2026, 9))).toEqual(range(30));
    expect(inMonthDays(buildCalendarWeeks(2026, 12))).toEqual(range(31));
  });

  it('knows leap years', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2025, 2)).toBe(28);
  });

  it('marks the day an event is held on in Mexico City, even when UTC is already the next day', () => {
    const events = [event('a', '2026-03-08T17:00:00Z'), event('late', '2026-03-20T23:30:00-06:00')];
    const days = buildCalendarWeeks(2026, 3, events).flat();
    expect(days.find((day) => day.inMonth && day.day === 8)?.events.map((held) => held.id)).toEqual(['a']);
    // 20 March 23:30 in Mexico City is 21 March 05:30 UTC: it is held on the 20th.
    expect(days.find((day) => day.inMonth && day.day === 20)?.events.map((held) => held.id)).toEqual([
      'late',
    ]);
    expect(days.find((day) => day.inMonth && day.day === 21)?.events).toEqual([]);
    expect(eventDayKey('2026-01-01T12:00:00Z')).toBe('2026-1-1');
    expect(eventDayKey('no es una fecha')).toBeUndefined();
  });

  it('keeps every event of a day, earliest first, whatever order they come in', () => {
    const events = [
      event('evening', '2026-03-08T19:00:00-06:00'),
      event('other-day', '2026-03-09T10:00:00-06:00'),
      event('morning', '2026-03-08T09:00:00-06:00'),
      event('noon', '2026-03-08T12:00:00-06:00'),
    ];
    const days = buildCalendarWeeks(2026, 3, events).flat();
    expect(days.find((day) => day.inMonth && day.day === 8)?.events.map((held) => held.id)).toEqual([
      'morning',
      'noon',
      'evening',
    ]);
    expect(days.find((day) => day.inMonth && day.day === 9)?.events.map((held) => held.id)).toEqual([
      'other-day',
    ]);
  });

  /** Which days of a month show the event, on a clock. */
  const daysShowing = (year: number, month: number, eventDate: string, clock?: Clock) =>
    buildCalendarWeeks(year, month, [event('x', eventDate)], clock)
      .flat()
      .filter((day) => day.inMonth && day.events.length > 0)
      .map((day) => day.day);

  it('puts an evening event of the 26th (01:00 UTC on the 27th) on the 26th', () => {
    expect(daysShowing(2026, 11, '2026-11-27T01:00:00.000Z')).toEqual([26]);
  });

  it('keeps evening events of the last day of a month, of a year and of a leap day in their month', () => {
    // 30 April 22:00, 31 December 20:00 and 29 February 2028 21:00 in Mexico City.
    expect(daysShowing(2026, 4, '2026-05-01T04:00:00Z')).toEqual([30]);
    expect(daysShowing(2026, 5, '2026-05-01T04:00:00Z')).toEqual([]);
    expect(daysShowing(2026, 12, '2027-01-01T02:00:00Z')).toEqual([31]);
    expect(daysShowing(2027, 1, '2027-01-01T02:00:00Z')).toEqual([]);
    expect(daysShowing(2028, 2, '2028-03-01T03:00:00Z')).toEqual([29]);
    expect(daysShowing(2028, 3, '2028-03-01T03:00:00Z')).toEqual([]);
  });

  it('reads days on the clock it is given, daylight saving included', () => {
    const newYork = clockFor('America/New_York');
    // 01:30 UTC on 16 July is 21:30 on the 15th in New York (UTC−4 in summer), and 04:30 UTC on 16 January
    // is 23:30 on the 15th (UTC−5 in winter), while 04:30 UTC on 16 July is already 00:30 on the 16th.
    expect(daysShowing(2026, 7, '2026-07-16T01:30:00Z', newYork)).toEqual([15]);
    expect(daysShowing(2026, 1, '2026-01-16T04:30:00Z', newYork)).toEqual([15]);
    expect(daysShowing(2026, 7, '2026-07-16T04:30:00Z', newYork)).toEqual([16]);
    // The same instants on Mexico City's clock.
    expect(daysShowing(2026, 7, '2026-07-16T04:30:00Z')).toEqual([15]);
  });

  it('shows no event on the greyed days of other months', () => {
    // 29 March 2026 appears greyed at the top of April.
    const days = buildCalendarWeeks(2026, 4, [event('b', '2026-03-29T12:00:00Z')]).flat();
    expect(days.every((day) => day.events.length === 0)).toBe(true);
  });

  it('logs and returns no weeks for a month it cannot count', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(buildCalendarWeeks(2026, 13)).toEqual([]);
    expect(error).toHaveBeenCalledOnce();
  });
});
