import { describe, expect, it } from 'vitest';
import { addDays, clock, clockFor, daysInMonth, isoDay, parseIsoDay } from './clock.ts';

describe('the association clock (America/Mexico_City)', () => {
  it('is in Mexico City unless the association says otherwise', () => {
    expect(clock.timeZone).toBe('America/Mexico_City');
  });

  it('puts an evening event on its local day, not on the UTC one', () => {
    // 19:00 in Mexico City on the 26th is 01:00 UTC on the 27th.
    const evening = '2026-03-27T01:00:00.000Z';
    expect(clock.day(evening)).toEqual({ year: 2026, month: 3, day: 26 });
    expect(clock.wallTime(evening)).toMatchObject({ hour: 19, minute: 0 });
    expect(clock.formatEventDate(evening)).toBe('26 de marzo de 2026, 19:00 h');
    expect(clock.isoWithOffset(evening)).toBe('2026-03-26T19:00:00-06:00');
    expect(clock.instantOf({ year: 2026, month: 3, day: 26, hour: 19 }).toISOString()).toBe(evening);
  });

  it('keeps an evening event in the month and year it is held', () => {
    // 31 December 20:30 local is already 1 January in UTC.
    const newYearsEve = '2027-01-01T02:30:00.000Z';
    expect(clock.day(newYearsEve)).toEqual({ year: 2026, month: 12, day: 31 });
    expect(clock.fromInputValue('2026-12-31T20:30')).toBe(newYearsEve);
    expect(clock.toInputValue(newYearsEve)).toBe('2026-12-31T20:30');
    // The last evening of a 30-day month stays in it.
    expect(clock.day('2026-05-01T05:59:00Z')).toEqual({ year: 2026, month: 4, day: 30 });
    expect(clock.day('2026-05-01T06:00:00Z')).toEqual({ year: 2026, month: 5, day: 1 });
  });

  it('knows month ends and leap days', () => {
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
    expect(daysInMonth(2026, 13)).toBeUndefined();
    expect(addDays({ year: 2028, month: 2, day: 28 }, 1)).toEqual({ year: 2028, month: 2, day: 29 });
    expect(addDays({ year: 2026, month: 2, day: 28 }, 1)).toEqual({ year: 2026, month: 3, day: 1 });
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(parseIsoDay('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseIsoDay('2026-02-29')).toBeUndefined();
    expect(parseIsoDay('2026-2-1')).toBeUndefined();
    expect(isoDay({ year: 2026, month: 3, day: 8 })).toBe('2026-03-08');
  });

  it('reads a leap-day evening on the leap day', () => {
    const leapEvening = clock.instantOf({ year: 2028, month: 2, day: 29, hour: 21 });
    expect(leapEvening.toISOString()).toBe('2028-03-01T03:00:00.000Z');
    expect(clock.day(leapEvening)).toEqual({ year: 2028, month: 2, day: 29 });
  });

  it('says an event is upcoming until its local day ends', () => {
    const event = '2026-03-27T01:00:00.000Z'; // 26 March, 19:00 local
    const at = (iso: string) => new Date(iso);
    expect(clock.isUpcoming(event, at('2026-03-26T12:00:00Z'))).toBe(true);
    // Later that evening, after it started: still the 26th in Mexico City.
    expect(clock.isUpcoming(event, at('2026-03-27T05:59:59Z'))).toBe(true);
    // Midnight in Mexico City: the 27th.
    expect(clock.isUpcoming(event, at('2026-03-27T06:00:00Z'))).toBe(false);
    expect(clock.isUpcoming('no es fecha', at('2026-03-27T06:00:00Z'))).toBe(false);
  });

  it('gives a day its first instant, for filters by day', () => {
    expect(clock.startOfDay({ year: 2026, month: 11, day: 23 }).toISOString()).toBe(
      '2026-11-23T06:00:00.000Z',
    );
  });

  it('formats times as the association reads them, and nothing for an unreadable one', () => {
    expect(clock.formatShort('2027-03-08T17:00:00.000Z')).toMatch(/^8 mar\.? 2027, 11:00/);
    expect(clock.formatLong('2027-03-08T17:00:00.000Z')).toMatch(/^8 de marzo de 2027 a las 11:00/);
    expect(clock.formatNumeric('2026-11-23T15:30:00.000Z')).toBe('23/11/2026, 09:30');
    for (const bad of [undefined, null, '', 'no es fecha']) {
      expect(clock.formatShort(bad)).toBe('');
      expect(clock.toInputValue(bad)).toBe('');
      expect(clock.isoWithOffset(bad)).toBe('');
      expect(clock.day(bad)).toBeUndefined();
    }
    expect(clock.fromInputValue('2027-03-08')).toBe('');
    expect(clock.fromInputValue('2027-02-30T10:00')).toBe('');
    expect(clock.fromInputValue(42)).toBe('');
  });
});

describe('a clock in a zone with daylight saving (America/New_York)', () => {
  const newYork = clockFor('America/New_York');

  it('uses the offset each date has', () => {
    expect(newYork.offsetMinutes(new Date('2026-01-15T12:00:00Z'))).toBe(-300);
    expect(newYork.offsetMinutes(new Date('2026-07-15T12:00:00Z'))).toBe(-240);
    expect(newYork.isoWithOffset('2026-07-15T23:30:00Z')).toBe('2026-07-15T19:30:00-04:00');
    expect(newYork.isoWithOffset('2026-01-15T23:30:00Z')).toBe('2026-01-15T18:30:00-05:00');
  });

  it('puts evening events on their local day in summer and in winter', () => {
    expect(newYork.day('2026-07-16T01:00:00Z')).toEqual({ year: 2026, month: 7, day: 15 });
    expect(newYork.day('2026-01-16T01:00:00Z')).toEqual({ year: 2026, month: 1, day: 15 });
    expect(newYork.day('2026-07-16T04:00:00Z')).toEqual({ year: 2026, month: 7, day: 16 });
  });

  it('reads wall-clock times across the changes', () => {
    // 8 March 2026: 02:00 jumps to 03:00. The skipped 02:30 is read as 03:30.
    expect(newYork.fromInputValue('2026-03-08T01:30')).toBe('2026-03-08T06:30:00.000Z');
    expect(newYork.fromInputValue('2026-03-08T02:30')).toBe('2026-03-08T07:30:00.000Z');
    expect(newYork.fromInputValue('2026-03-08T05:00')).toBe('2026-03-08T09:00:00.000Z');
    // 1 November 2026: 01:30 happens twice; the first one is meant.
    expect(newYork.fromInputValue('2026-11-01T01:30')).toBe('2026-11-01T05:30:00.000Z');
    expect(newYork.fromInputValue('2026-11-01T03:00')).toBe('2026-11-01T08:00:00.000Z');
    for (const local of ['2026-07-15T09:05', '2026-12-31T23:59', '2026-03-08T03:00']) {
      expect(newYork.toInputValue(newYork.fromInputValue(local))).toBe(local);
    }
  });

  it('starts a day at its local midnight, whichever offset it has', () => {
    expect(newYork.startOfDay({ year: 2026, month: 3, day: 8 }).toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(newYork.startOfDay({ year: 2026, month: 3, day: 9 }).toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
  });

  it('reads the earlier of a repeated time in a zone east of UTC too', () => {
    const berlin = clockFor('Europe/Berlin');
    // 25 October 2026: 03:00 summer time goes back to 02:00; 02:30 happens twice.
    expect(berlin.fromInputValue('2026-10-25T02:30')).toBe('2026-10-25T00:30:00.000Z');
    // 29 March 2026: 02:00 jumps to 03:00.
    expect(berlin.fromInputValue('2026-03-29T02:30')).toBe('2026-03-29T01:30:00.000Z');
  });

  it('refuses an unknown zone', () => {
    expect(() => clockFor('Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
