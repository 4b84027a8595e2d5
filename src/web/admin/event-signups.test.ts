import { describe, expect, it } from 'vitest';
import type { RaRecord } from 'react-admin';
import type { RegistrationFill } from '../../shared/registrations.ts';
import { filterContent } from './content-list.ts';
import { filterAndSortSignups, signupsText, withCheckIns } from './event-signups.ts';

const event = (
  id: string,
  eventDate: string,
  registration: { enabled: boolean; capacity: number | null; confirmed: number; waitlisted: number },
): RaRecord => ({ id, name: `Evento ${id}`, location: 'CDMX', eventDate, registration });

const events = [
  event('lleno', '2099-05-10T16:00:00.000Z', { enabled: true, capacity: 5, confirmed: 5, waitlisted: 3 }),
  event('apagado', '2099-04-01T16:00:00.000Z', {
    enabled: false,
    capacity: null,
    confirmed: 0,
    waitlisted: 0,
  }),
  event('libre', '2099-04-02T16:00:00.000Z', { enabled: true, capacity: null, confirmed: 12, waitlisted: 0 }),
  event('pasado', '2020-03-01T16:00:00.000Z', { enabled: true, capacity: 10, confirmed: 7, waitlisted: 0 }),
  event('cerrado', '2020-02-01T16:00:00.000Z', { enabled: false, capacity: 4, confirmed: 1, waitlisted: 0 }),
];
const fills: RegistrationFill[] = [
  {
    eventId: 'pasado',
    name: '',
    eventDate: '',
    enabled: true,
    capacity: 10,
    confirmed: 7,
    waitlisted: 0,
    checkedIn: 4,
  },
  {
    eventId: 'cerrado',
    name: '',
    eventDate: '',
    enabled: false,
    capacity: 4,
    confirmed: 1,
    waitlisted: 0,
    checkedIn: 1,
  },
];
const now = Date.parse('2026-11-28T12:00:00Z');
const byId = (records: RaRecord[]) => Object.fromEntries(records.map((r) => [r.id, signupsText(r, now)]));

describe("the events list's sign-ups column", () => {
  it('says "Sin registro", the fill with the waitlist, and check-ins once the event started', () => {
    expect(byId(withCheckIns(events, fills))).toEqual({
      lleno: '5 de 5 · 3 en espera',
      apagado: 'Sin registro',
      libre: '12 confirmadas (sin límite)',
      pasado: '7 de 10 · 4 asistieron',
      cerrado: '1 de 4 · 1 asistió · registro cerrado',
    });
  });

  it('leaves the check-ins out when the summary did not answer, and keeps the record sendable', () => {
    const joined = withCheckIns(events, undefined);
    expect(signupsText(joined[3]!, now)).toBe('7 de 10');
    // The counts live in `registration`, whose input schema drops them: no new top-level field.
    expect(Object.keys(joined[0]!)).toEqual(Object.keys(events[0]!));
  });

  const list = (filter: object, sort: { field: string; order: 'ASC' | 'DESC' }) => {
    const params = { filter, sort, pagination: { page: 1, perPage: 25 } };
    const own = filterAndSortSignups(withCheckIns(events, fills), params);
    return filterContent('events', own.records, own.params, now).data.map((record) => record.id);
  };

  it('filters by "con registro" and "sin registro"', () => {
    const date = { field: 'eventDate', order: 'ASC' } as const;
    expect(list({ registration: 'con' }, date)).toEqual(['cerrado', 'pasado', 'libre', 'lleno']);
    expect(list({ registration: 'sin' }, date)).toEqual(['apagado']);
    expect(list({ registration: 'con', when: 'upcoming' }, date)).toEqual(['libre', 'lleno']);
  });

  it('sorts by the people signed up, numerically, either way', () => {
    expect(list({}, { field: 'signups', order: 'DESC' })).toEqual([
      'libre',
      'pasado',
      'lleno',
      'cerrado',
      'apagado',
    ]);
    expect(list({}, { field: 'signups', order: 'ASC' })).toEqual([
      'apagado',
      'cerrado',
      'lleno',
      'pasado',
      'libre',
    ]);
  });
});
