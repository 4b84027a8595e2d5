// ARCO requests (Acceso, Rectificación, Cancelación, Oposición, Revocación): the rights, the folio and the
// legal deadlines, shared by the form, the routes, the mail and the admin.
import { addDays, clock, dayOfWeek, isoDay, parseIsoDay, type CalendarDate } from './clock.ts';

/** The rights a person may exercise, as the API names them, with the words people read. */
export const ARCO_RIGHTS = ['acceso', 'rectificacion', 'cancelacion', 'oposicion', 'revocacion'] as const;
export type ArcoRight = (typeof ARCO_RIGHTS)[number];

export const ARCO_RIGHT_LABELS: Record<ArcoRight, string> = {
  acceso: 'Acceso',
  rectificacion: 'Rectificación',
  cancelacion: 'Cancelación',
  oposicion: 'Oposición',
  revocacion: 'Revocación del consentimiento',
};

/** Where an ARCO request stands. */
export const ARCO_STATUSES = ['recibida', 'en_tramite', 'respondida', 'concluida'] as const;
export type ArcoStatus = (typeof ARCO_STATUSES)[number];

export const ARCO_STATUS_LABELS: Record<ArcoStatus, string> = {
  recibida: 'Recibida',
  en_tramite: 'En trámite',
  respondida: 'Respondida',
  concluida: 'Concluida',
};

/** Business days to answer a request (from the day after it was received) … */
export const ANSWER_BUSINESS_DAYS = 20;
/** … and to carry out what was answered (from the day after the answer). */
export const EXECUTION_BUSINESS_DAYS = 15;
/** A request due within this many business days stands out on the admin's summary. */
export const DUE_SOON_BUSINESS_DAYS = 5;

/** The nth given weekday (0 Sunday … 6 Saturday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): CalendarDate {
  const first = { year, month, day: 1 };
  const offset = (weekday - dayOfWeek(first) + 7) % 7;
  return addDays(first, offset + 7 * (nth - 1));
}

/**
 * Mexico's official rest days of a year (Ley Federal del Trabajo, art. 74): 1 January, the first Monday of
 * February, the third Monday of March, 1 May, 16 September, the third Monday of November, 25 December, and
 * 1 October of each year a new federal executive takes office (2024, 2030, …). Election days, also rest
 * days under art. 74, are not fixed in advance and are not counted.
 */
export function officialRestDays(year: number): CalendarDate[] {
  const days: CalendarDate[] = [
    { year, month: 1, day: 1 },
    nthWeekday(year, 2, 1, 1),
    nthWeekday(year, 3, 1, 3),
    { year, month: 5, day: 1 },
    { year, month: 9, day: 16 },
    nthWeekday(year, 11, 1, 3),
    { year, month: 12, day: 25 },
  ];
  if (year >= 2024 && (year - 2024) % 6 === 0) days.push({ year, month: 10, day: 1 });
  return days;
}

/** Monday to Friday, and not an official rest day. */
export function isBusinessDay(date: CalendarDate): boolean {
  const weekday = dayOfWeek(date);
  if (weekday === 0 || weekday === 6) return false;
  const key = isoDay(date);
  return !officialRestDays(date.year).some((rest) => isoDay(rest) === key);
}

/** The `count`th business day after `date` (the day itself is not counted). */
export function addBusinessDays(date: CalendarDate, count: number): CalendarDate {
  let day = date;
  let left = count;
  while (left > 0) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) left -= 1;
  }
  return day;
}

/** Business days from `from` to `to` (positive when `to` is later; 0 the same day), counting `to`'s end. */
export function businessDaysBetween(from: CalendarDate, to: CalendarDate): number {
  const a = isoDay(from);
  const b = isoDay(to);
  if (a === b) return 0;
  const sign = a < b ? 1 : -1;
  let day = from;
  let count = 0;
  while (isoDay(day) !== b) {
    day = addDays(day, sign);
    if (isBusinessDay(day)) count += sign;
  }
  return count;
}

/** The deadlines of a request received at `receivedAt` (an instant), as days on the association's clock. */
export function arcoDeadlines(receivedAt: Date | string, answeredAt?: Date | string | null) {
  const received = clock.day(receivedAt)!;
  const answerDue = addBusinessDays(received, ANSWER_BUSINESS_DAYS);
  const answered = answeredAt ? clock.day(answeredAt) : undefined;
  // Until it is answered, the latest the answer may come is what the carrying out counts from.
  const executionDue = addBusinessDays(answered ?? answerDue, EXECUTION_BUSINESS_DAYS);
  return { answerDue: isoDay(answerDue), executionDue: isoDay(executionDue) };
}

/** Digits and capitals without the look-alikes (0/O, 1/I/L, U): a folio is read aloud and typed back. */
const FOLIO_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A short, readable folio: `ARCO-` the day it was received (YYMMDD, association's clock) and four random
 * characters, as `ARCO-261125-7KQM`. `random` gives numbers in [0, 1) (tests pass their own).
 */
export function makeFolio(receivedAt: Date, random: () => number): string {
  const day = isoDay(clock.day(receivedAt)!).replace(/-/g, '').slice(2);
  let tail = '';
  for (let i = 0; i < 4; i += 1) tail += FOLIO_ALPHABET[Math.floor(random() * FOLIO_ALPHABET.length)];
  return `ARCO-${day}-${tail}`;
}

export const FOLIO_PATTERN = /^ARCO-(\d{6})-([2-9A-HJKMNP-TV-Z]{4})$/;

/** The day a folio's request was received (it is part of the folio); undefined for anything else. */
export function folioDay(folio: string): CalendarDate | undefined {
  const match = FOLIO_PATTERN.exec(folio);
  if (!match) return undefined;
  const digits = match[1]!;
  return parseIsoDay(`20${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4, 6)}`);
}

/** "lunes 22 de diciembre de 2026": a due day as a mail or a page says it. */
export function formatDueDay(day: string | CalendarDate): string {
  const date = typeof day === 'string' ? parseIsoDay(day) : day;
  if (!date) return '';
  return new Intl.DateTimeFormat('es-MX', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(date.year, date.month - 1, date.day, 12)));
}
