import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Event } from '../../../shared/schemas.ts';
import { WEEKDAY_NAMES, buildCalendarWeeks, daysInMonth, eventDayKey } from './calendar-grid.ts';

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

  it('marks the day whose UTC date equals the event date', () => {
    const events = [event('a', '2026-03-08T17:00:00Z'), event('late', '2026-03-20T23:30:00-06:00')];
    const days = buildCalendarWeeks(2026, 3, events).flat();
    expect(days.find((day) => day.inMonth && day.day === 8)?.event?.id).toBe('a');
    // 20 March 23:30 in Mexico City is 21 March 05:30 UTC: the UTC day wins.
    expect(days.find((day) => day.inMonth && day.day === 21)?.event?.id).toBe('late');
    expect(days.find((day) => day.inMonth && day.day === 20)?.event).toBeUndefined();
    expect(eventDayKey('2026-01-01T00:00:00Z')).toBe('2026-1-1');
    expect(eventDayKey('no es una fecha')).toBeUndefined();
  });

  it('shows no event on the greyed days of other months', () => {
    // 29 March 2026 appears greyed at the top of April.
    const days = buildCalendarWeeks(2026, 4, [event('b', '2026-03-29T12:00:00Z')]).flat();
    expect(days.every((day) => day.event === undefined)).toBe(true);
  });

  it('logs and returns no weeks for a month it cannot count', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(buildCalendarWeeks(2026, 13)).toEqual([]);
    expect(error).toHaveBeenCalledOnce();
  });
});
