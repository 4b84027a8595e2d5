import type { Event } from '../../../shared/schemas.ts';

export const MONTH_NAMES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
] as const;

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

export interface CalendarDay {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  /** False for the greyed days of the previous and next months. */
  inMonth: boolean;
  /** The first event held that day (in-month days only). */
  event: Event | undefined;
}

const dayKey = (year: number, month: number, day: number) => `${year}-${month}-${day}`;

/** The calendar day of an event: its eventDate read in UTC. Undefined for an unreadable date. */
export function eventDayKey(eventDate: string): string | undefined {
  const date = new Date(eventDate);
  if (Number.isNaN(date.getTime())) return undefined;
  return dayKey(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** Days in a month (1 to 12), leap years included. Undefined for a month outside 1 to 12. */
export function daysInMonth(year: number, month: number): number | undefined {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return undefined;
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The weeks of a month as rows of 7 days, Sunday first, padded with the neighbouring months' days.
 * Six rows are laid out and trailing rows that hold only next-month days are dropped, so the grid ends
 * with the week that holds the month's last day. Dates are computed in UTC so the grid does not depend
 * on the visitor's time zone, and events match on their UTC year, month and day.
 */
export function buildCalendarWeeks(
  year: number,
  month: number,
  events: readonly Event[] = [],
): CalendarDay[][] {
  const length = daysInMonth(year, month);
  if (length === undefined) {
    console.error(`No se pudo calcular el número de días del mes ${month} de ${year}.`);
    return [];
  }

  const eventsByDay = new Map<string, Event>();
  for (const event of events) {
    const key = eventDayKey(event.eventDate);
    if (key !== undefined && !eventsByDay.has(key)) eventsByDay.set(key, event);
  }

  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const weeks: CalendarDay[][] = [];
  for (let week = 0; week < MAX_WEEKS; week += 1) {
    const row: CalendarDay[] = [];
    for (let column = 0; column < DAYS_PER_WEEK; column += 1) {
      const date = new Date(Date.UTC(year, month - 1, 1 - firstWeekday + week * DAYS_PER_WEEK + column));
      const cell = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
      const inMonth = cell.year === year && cell.month === month;
      row.push({
        ...cell,
        inMonth,
        event: inMonth ? eventsByDay.get(dayKey(cell.year, cell.month, cell.day)) : undefined,
      });
    }
    weeks.push(row);
  }

  while (weeks.length > 0 && weeks[weeks.length - 1]?.every((day) => !day.inMonth)) weeks.pop();
  return weeks;
}
