import { describe, expect, it } from 'vitest';
import { filterContent } from './content-list.ts';
import { formatMexicoTime, mexicoLocalToUtc, utcToMexicoLocal } from './mexico-time.ts';

describe('Mexico City time in the event form', () => {
  it('shows a UTC timestamp on Mexico City clocks and stores what is typed as UTC', () => {
    expect(utcToMexicoLocal('2027-03-08T17:00:00.000Z')).toBe('2027-03-08T11:00');
    expect(mexicoLocalToUtc('2027-03-08T11:00')).toBe('2027-03-08T17:00:00.000Z');
    // Across midnight UTC the day changes too.
    expect(mexicoLocalToUtc('2026-12-31T20:30')).toBe('2027-01-01T02:30:00.000Z');
    expect(utcToMexicoLocal(mexicoLocalToUtc('2026-07-15T09:05'))).toBe('2026-07-15T09:05');
  });

  it('leaves empty or half-typed values empty', () => {
    expect(utcToMexicoLocal('')).toBe('');
    expect(utcToMexicoLocal('no es fecha')).toBe('');
    expect(mexicoLocalToUtc('2027-03-08')).toBe('');
    expect(formatMexicoTime(undefined)).toBe('');
  });

  it('reads a timestamp in Spanish with the Mexico City hour', () => {
    expect(formatMexicoTime('2027-03-08T17:00:00.000Z')).toMatch(/^8 mar 2027, 11:00/);
  });
});

describe('content lists in the admin', () => {
  const events = [
    { id: 'a', name: 'Foro', location: 'Oaxaca', eventDate: '2026-01-10T16:00:00.000Z' },
    { id: 'b', name: 'Taller', location: 'Mérida', eventDate: '2026-03-01T16:00:00.000Z' },
    { id: 'c', name: 'Café', location: 'Monterrey', eventDate: '2026-02-01T16:00:00.000Z' },
  ];
  const now = Date.parse('2026-02-15T00:00:00Z');
  const list = (filter: object, sort = { field: 'eventDate', order: 'ASC' as const }) =>
    filterContent('events', events, { filter, sort, pagination: { page: 1, perPage: 10 } }, now);

  it('sorts by date and splits upcoming from past', () => {
    expect(list({}).data.map((event) => event.id)).toEqual(['a', 'c', 'b']);
    expect(list({ when: 'upcoming' }).data.map((event) => event.id)).toEqual(['b']);
    expect(list({ when: 'past' }).data.map((event) => event.id)).toEqual(['a', 'c']);
  });

  it('searches names and places ignoring case, and keeps the server order for a field the items lack', () => {
    expect(list({ q: 'mérida' }).data.map((event) => event.id)).toEqual(['b']);
    expect(list({}, { field: 'id', order: 'ASC' }).data.map((event) => event.id)).toEqual(['a', 'b', 'c']);
    expect(list({}, { field: 'createdAt', order: 'DESC' as never }).data.map((event) => event.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(list({}).total).toBe(3);
  });
});
