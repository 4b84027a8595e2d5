import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  arcoDeadlines,
  businessDaysBetween,
  folioDay,
  formatDueDay,
  isBusinessDay,
  makeFolio,
  officialRestDays,
  FOLIO_PATTERN,
} from './arco.ts';
import { isoDay, parseIsoDay } from './clock.ts';

const day = (text: string) => parseIsoDay(text)!;

describe('los días hábiles de México', () => {
  it('cuenta los descansos obligatorios del artículo 74 de la Ley Federal del Trabajo', () => {
    expect(officialRestDays(2026).map(isoDay)).toEqual([
      '2026-01-01',
      '2026-02-02',
      '2026-03-16',
      '2026-05-01',
      '2026-09-16',
      '2026-11-16',
      '2026-12-25',
    ]);
    // The change of the federal executive, every six years.
    expect(officialRestDays(2030).map(isoDay)).toContain('2030-10-01');
    expect(officialRestDays(2027).map(isoDay)).not.toContain('2027-10-01');
  });

  it('no cuenta fines de semana ni el tercer lunes de noviembre', () => {
    expect(isBusinessDay(day('2026-11-13'))).toBe(true);
    expect(isBusinessDay(day('2026-11-14'))).toBe(false);
    expect(isBusinessDay(day('2026-11-15'))).toBe(false);
    expect(isBusinessDay(day('2026-11-16'))).toBe(false);
    expect(isBusinessDay(day('2026-11-17'))).toBe(true);
    expect(isoDay(addBusinessDays(day('2026-11-13'), 1))).toBe('2026-11-17');
    // A week with an official rest day has four business days.
    expect(businessDaysBetween(day('2026-11-13'), day('2026-11-20'))).toBe(4);
    expect(businessDaysBetween(day('2026-11-20'), day('2026-11-13'))).toBe(-4);
    expect(businessDaysBetween(day('2026-11-20'), day('2026-11-20'))).toBe(0);
  });

  it('da 20 días hábiles para responder y 15 más para cumplir, en la hora de la Ciudad de México', () => {
    // Received on Friday 13 November 2026: Monday 16 is a rest day, so the answer is due a day later.
    expect(arcoDeadlines('2026-11-13T18:00:00Z')).toEqual({
      answerDue: '2026-12-14',
      executionDue: '2027-01-06',
    });
    // 23:30 on the 25th in Mexico City is the 26th in UTC: the request counts from the 25th.
    expect(arcoDeadlines('2026-11-26T05:30:00Z')).toEqual({
      answerDue: '2026-12-23',
      executionDue: '2027-01-15',
    });
    // Once answered, the 15 days count from the answer.
    expect(arcoDeadlines('2026-11-26T05:30:00Z', '2026-12-01T17:00:00Z').executionDue).toBe('2026-12-22');
  });

  it('escribe la fecha límite en palabras', () => {
    expect(formatDueDay('2026-12-23')).toBe('miércoles, 23 de diciembre de 2026');
  });
});

describe('el folio de una solicitud ARCO', () => {
  it('es corto, legible, lleva el día de recepción y se lee de vuelta', () => {
    const draws = [0, 0.5, 0.99, 0.1];
    const folio = makeFolio(new Date('2026-11-26T05:30:00Z'), () => draws.shift()!);
    expect(folio).toMatch(FOLIO_PATTERN);
    expect(folio.startsWith('ARCO-261125-')).toBe(true);
    expect(isoDay(folioDay(folio)!)).toBe('2026-11-25');
    expect(folioDay('ARCO-261125-0O1I')).toBeUndefined();
    expect(folioDay('ARCO-261345-ABCD')).toBeUndefined();
  });

  it('rara vez se repite', () => {
    const folios = new Set(
      Array.from({ length: 2000 }, () => makeFolio(new Date('2026-11-25T17:00:00Z'), Math.random)),
    );
    expect(folios.size).toBeGreaterThan(1990);
  });
});
