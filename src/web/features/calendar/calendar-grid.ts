import {
  addDays,
  clock as associationClock,
  dayKey,
  dayOfWeek,
  daysInMonth,
  type Clock,
} from '../../../shared/clock.ts';
import type { Event } from '../../../shared/schemas.ts';

/** Sunday first, as the calendar's columns. */
export const WEEKDAY_NAMES = [
  'Domingo',
  'Lunes',
  'Martes',
  'Miércoles',
  'Jueves',
  'Viernes',
  'Sábado',
] as const;

const DAYS_PER_WEEK = 7;
const MAX_WEEKS = 6;
const NO_EVENTS: readonly Event[] = [];

export interface CalendarDay {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  /** False for the greyed days of the previous and next months. */
  inMonth: boolean;
  /** The events held that day, earliest first (in-month days only; empty otherwise). */
  events: readonly Event[];
}

/**
 * The calendar day of an event: its eventDate read on the association's clock (an event at 19:00 in
 * Mexico City is on that day, though it is already the next one in UTC). Undefined for an unreadable date.
 */
export function eventDayKey(eventDate: string, clock: Clock = associationClock): string | undefined {
  const day = clock.day(eventDate);
  return day && dayKey(day);
}

/**
 * The weeks of a month as rows of 7 days, Sunday first, padded with the neighbouring months' days.
 * Six rows are laid out and trailing rows that hold only next-month days are dropped, so the grid ends
 * with the week that holds the month's last day. The grid is plain calendar arithmetic (it does not
 * depend on the visitor's time zone); events match on their day in the association's zone.
 */
export function buildCalendarWeeks(
  year: number,
  month: number,
  events: readonly Event[] = [],
  clock: Clock = associationClock,
): CalendarDay[][] {
  const length = daysInMonth(year, month);
  if (length === undefined) {
    console.error(`No se pudo calcular el número de días del mes ${month} de ${year}.`);
    return [];
  }

  const eventsByDay = new Map<string, Event[]>();
  const byStart = [...events].sort((a, b) => Date.parse(a.eventDate) - Date.parse(b.eventDate));
  for (const event of byStart) {
    const key = eventDayKey(event.eventDate, clock);
    if (key === undefined) continue;
    const held = eventsByDay.get(key);
    if (held) held.push(event);
    else eventsByDay.set(key, [event]);
  }

  const first = { year, month, day: 1 };
  const firstWeekday = dayOfWeek(first);
  const weeks: CalendarDay[][] = [];
  for (let week = 0; week < MAX_WEEKS; week += 1) {
    const row: CalendarDay[] = [];
    for (let column = 0; column < DAYS_PER_WEEK; column += 1) {
      const cell = addDays(first, week * DAYS_PER_WEEK + column - firstWeekday);
      const inMonth = cell.year === year && cell.month === month;
      row.push({
        ...cell,
        inMonth,
        events: (inMonth && eventsByDay.get(dayKey(cell))) || NO_EVENTS,
      });
    }
    weeks.push(row);
  }

  while (weeks.length > 0 && weeks[weeks.length - 1]?.every((day) => !day.inMonth)) weeks.pop();
  return weeks;
}
