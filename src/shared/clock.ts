import { organisation } from './organisation.ts';

/**
 * The association's clock: the one place that turns an instant (an ISO 8601 timestamp, stored in UTC)
 * into the day, month and time people read, and back. Server and web both use it, so an event is on
 * the same day in the calendar, the e-mails, the calendar feed, the CSV and the admin.
 *
 * Days are read in the association's zone (`organisation.timeZone`), never in UTC and never in the
 * visitor's device zone: staff enter Mexico City times, and an event at 19:00 on the 26th (01:00 UTC on
 * the 27th) is held on the 26th. See docs/decisions/013-calendar-days-in-the-association-zone.md.
 *
 * "Upcoming" has one meaning: an event is upcoming until its local day ends, so it stays listed (in the
 * feed, the structured data and the admin's "Próximos") for the whole day it is held.
 */

/** A day as people name it: no time, no zone. `month` is 1 to 12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** A time on a wall clock in some zone. */
export interface WallTime extends CalendarDate {
  hour: number;
  minute: number;
  second: number;
}

/** Spanish month names, capitalised as the calendar's month selector shows them. */
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

/** Days in a month (1 to 12), leap years included. Undefined for a month outside 1 to 12. */
export function daysInMonth(year: number, month: number): number | undefined {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return undefined;
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The day `count` days after `date` (or before, when negative), across month and year ends. */
export function addDays(date: CalendarDate, count: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + count));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** 0 for Sunday to 6 for Saturday. */
export const dayOfWeek = (date: CalendarDate) =>
  new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();

/** "2026-3-26": a key to group by day. */
export const dayKey = (date: CalendarDate) => `${date.year}-${date.month}-${date.day}`;

/** Orders two days: negative, zero or positive. */
export const compareDays = (a: CalendarDate, b: CalendarDate) =>
  a.year - b.year || a.month - b.month || a.day - b.day;

/** Lengths of time in milliseconds, for timers and lifetimes everywhere. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** "2026-03-26", the form of `<input type="date">` and of the admin's day filters. */
export const isoDay = (date: CalendarDate) => `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;

/** Reads "2026-03-26" as a day; undefined unless it is a real one (no 30 February). */
export function parseIsoDay(text: string): CalendarDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const length = daysInMonth(year, month);
  return length !== undefined && day >= 1 && day <= length ? { year, month, day } : undefined;
}

type InstantLike = Date | string | number | null | undefined;

/** An instant from a Date, an ISO 8601 text or epoch milliseconds; undefined when unreadable. */
function toDate(value: InstantLike): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export interface Clock {
  readonly timeZone: string;
  /** The wall-clock time of an instant in this zone; undefined for an unreadable one. */
  wallTime(instant: InstantLike): WallTime | undefined;
  /** The local day an instant falls on. */
  day(instant: InstantLike): CalendarDate | undefined;
  /** Today's local day. */
  today(now?: Date): CalendarDate;
  /** The zone's offset from UTC at that instant, in minutes (−360 for UTC−6). */
  offsetMinutes(instant: Date): number;
  /**
   * The instant a wall-clock time names. A time skipped by a daylight-saving jump is read as the same
   * time after the jump; a time that happens twice is the earlier one.
   */
  instantOf(wall: CalendarDate & { hour?: number; minute?: number; second?: number }): Date;
  /** The first instant of a local day. */
  startOfDay(date: CalendarDate): Date;
  /** Upcoming until the end of its local day (see above); false for an unreadable date. */
  isUpcoming(eventDate: InstantLike, now?: Date): boolean;
  /** ISO 8601 with this zone's offset: "2026-03-26T19:00:00-06:00" (schema.org's startDate). */
  isoWithOffset(instant: InstantLike): string;
  /** "8 mar 2027, 11:00": the admin's lists. Empty for an unreadable instant. */
  formatShort(instant: InstantLike): string;
  /** "8 de marzo de 2027 a las 11:00 a.m.": e-mails. */
  formatLong(instant: InstantLike): string;
  /** "08/03/2027, 11:00": the CSV export, which spreadsheets read as a date. */
  formatNumeric(instant: InstantLike): string;
  /** "26 de marzo de 2026, 19:00 h": an event's display text. */
  formatEventDate(instant: InstantLike): string;
  /** "2027-03-08T11:00": the value of a datetime-local input on this clock. */
  toInputValue(instant: InstantLike): string;
  /** A datetime-local value read on this clock, as a UTC ISO timestamp; empty when unreadable. */
  fromInputValue(local: unknown): string;
}

/** The clock of a zone (an IANA name such as "America/Mexico_City"); an unknown zone throws. */
export function clockFor(timeZone: string): Clock {
  const partsFormat = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  const short = new Intl.DateTimeFormat('es-MX', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
  const long = new Intl.DateTimeFormat('es-MX', { timeZone, dateStyle: 'long', timeStyle: 'short' });
  const numeric = new Intl.DateTimeFormat('es-MX', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });

  function wallTimeOf(date: Date): WallTime {
    const parts: Record<string, number> = {};
    for (const part of partsFormat.formatToParts(date)) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    return {
      year: parts.year ?? 0,
      month: parts.month ?? 0,
      day: parts.day ?? 0,
      hour: parts.hour ?? 0,
      minute: parts.minute ?? 0,
      second: parts.second ?? 0,
    };
  }

  const wallAsUtc = (wall: WallTime) =>
    Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

  function offsetMs(epoch: number): number {
    const whole = Math.floor(epoch / 1000) * 1000;
    return wallAsUtc(wallTimeOf(new Date(whole))) - whole;
  }

  const clock: Clock = {
    timeZone,
    wallTime(instant) {
      const date = toDate(instant);
      return date && wallTimeOf(date);
    },
    day(instant) {
      const wall = clock.wallTime(instant);
      return wall && { year: wall.year, month: wall.month, day: wall.day };
    },
    today(now = new Date()) {
      return clock.day(now)!;
    },
    offsetMinutes(instant) {
      return Math.round(offsetMs(instant.getTime()) / MINUTE_MS);
    },
    instantOf({ year, month, day, hour = 0, minute = 0, second = 0 }) {
      const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
      // The zone's offsets a day before and a day after: around a daylight-saving change they differ.
      const before = offsetMs(asUtc - DAY_MS);
      const after = offsetMs(asUtc + DAY_MS);
      const matches = [asUtc - before, asUtc - after].filter((epoch) => offsetMs(epoch) === asUtc - epoch);
      // A time that happens twice matches both (the earlier wins); one skipped by a jump forward matches
      // neither, and read with the offset before the jump it lands just after it.
      return new Date(matches.length > 0 ? Math.min(...matches) : asUtc - before);
    },
    startOfDay(date) {
      return clock.instantOf(date);
    },
    isUpcoming(eventDate, now = new Date()) {
      const day = clock.day(eventDate);
      return day !== undefined && compareDays(day, clock.today(now)) >= 0;
    },
    isoWithOffset(instant) {
      const date = toDate(instant);
      if (!date) return '';
      const wall = wallTimeOf(date);
      const offset = clock.offsetMinutes(date);
      const sign = offset < 0 ? '-' : '+';
      const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
      return `${isoDay(wall)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}${zone}`;
    },
    formatShort(instant) {
      const date = toDate(instant);
      return date ? short.format(date) : '';
    },
    formatLong(instant) {
      const date = toDate(instant);
      return date ? long.format(date) : '';
    },
    formatNumeric(instant) {
      const date = toDate(instant);
      return date ? numeric.format(date) : '';
    },
    formatEventDate(instant) {
      const wall = clock.wallTime(instant);
      if (!wall) return '';
      const month = MONTH_NAMES[wall.month - 1]!.toLocaleLowerCase('es-MX');
      return `${wall.day} de ${month} de ${wall.year}, ${pad(wall.hour)}:${pad(wall.minute)} h`;
    },
    toInputValue(instant) {
      const wall = clock.wallTime(instant);
      return wall ? `${isoDay(wall)}T${pad(wall.hour)}:${pad(wall.minute)}` : '';
    },
    fromInputValue(local) {
      if (typeof local !== 'string') return '';
      const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(local);
      const day = match && parseIsoDay(match[1]!);
      if (!match || !day) return '';
      const [hour, minute] = [Number(match[2]), Number(match[3])];
      if (hour > 23 || minute > 59) return '';
      return clock.instantOf({ ...day, hour, minute }).toISOString();
    },
  };
  return clock;
}

/** The association's clock, in its zone (America/Mexico_City unless `organisation.timeZone` says else). */
export const clock = clockFor(organisation.timeZone);

/** The events still upcoming at `now` (in the association's zone, until their day ends), in their order. */
export const upcomingEvents = <T extends { eventDate: InstantLike }>(
  events: readonly T[],
  now = new Date(),
) => events.filter((event) => clock.isUpcoming(event.eventDate, now));
