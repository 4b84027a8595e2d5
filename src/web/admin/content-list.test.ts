import { describe, expect, it } from 'vitest';
import { filterContent } from './content-list.ts';

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

  it('keeps an event among the upcoming ones until its day ends in Mexico City', () => {
    // 14 February 19:00 local (01:00 UTC on the 15th), seen at 23:00 local that evening.
    const evening = [{ id: 'e', name: 'Cena', location: 'CDMX', eventDate: '2026-02-15T01:00:00.000Z' }];
    const at = (iso: string) => Date.parse(iso);
    const when = (filter: string, now: number) =>
      filterContent('events', evening, { filter: { when: filter } }, now).data.map((event) => event.id);
    expect(when('upcoming', at('2026-02-15T05:00:00Z'))).toEqual(['e']);
    expect(when('past', at('2026-02-15T05:00:00Z'))).toEqual([]);
    expect(when('past', at('2026-02-15T06:00:00Z'))).toEqual(['e']);
  });

  it('searches names and places ignoring case, and keeps the server order for a field the items lack', () => {
    expect(list({ q: 'mérida' }).data.map((event) => event.id)).toEqual(['b']);
    // Accents and case typed or not, as the inbox's search on the server.
    expect(list({ q: 'MERIDA' }).data.map((event) => event.id)).toEqual(['b']);
    expect(list({ q: 'cafe' }).data.map((event) => event.id)).toEqual(['c']);
    expect(list({ q: 'CAFÉ' }).data.map((event) => event.id)).toEqual(['c']);
    expect(list({}, { field: 'id', order: 'ASC' }).data.map((event) => event.id)).toEqual(['a', 'b', 'c']);
    expect(list({}, { field: 'createdAt', order: 'DESC' as never }).data.map((event) => event.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(list({}).total).toBe(3);
  });
});
