import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Event } from '../../shared/schemas.ts';
import { eventsCalendar } from '../content/calendar.routes.ts';
import { eventIcs, whenText } from './templates.ts';

const SITE = 'https://sitio.example.org';

const event = (changes: Partial<Event> = {}): Event => ({
  id: 'evento-1',
  name: 'Taller de baterías',
  location: 'Ciudad de México',
  date: '8 de marzo',
  eventDate: '2099-03-08T17:30:00.000Z',
  description: 'Un taller práctico, con café.',
  images: [],
  imageCover: [],
  linkEvent: 'https://ejemplo.org/taller',
  slug: 'taller-de-baterias',
  registration: { enabled: true, capacity: null, confirmed: 0, waitlisted: 0 },
  ...changes,
});

describe('the .ics of a confirmation', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The file as the calendar makes it at that moment. */
  const madeAt = (at: string, of: Event, site = SITE) => {
    vi.useFakeTimers({ now: new Date(at), toFake: ['Date'] });
    const made = eventsCalendar([of], site);
    vi.useRealTimers();
    return made;
  };

  it('is the calendar file of the event as made at the moment of each mail', () => {
    const first = eventIcs(event(), SITE, new Date('2026-11-25T10:00:00.000Z'));
    expect(first).toEqual({
      filename: 'evento.ics',
      contentType: 'text/calendar; method=PUBLISH',
      content: madeAt('2026-11-25T10:00:00.000Z', event()),
    });
    // The counts change with every sign-up; the file does not, but for its stamp.
    const later = event({ registration: { enabled: true, capacity: null, confirmed: 7, waitlisted: 0 } });
    expect(eventIcs(later, SITE, new Date('2026-11-25T10:03:21.500Z')).content).toBe(
      madeAt('2026-11-25T10:03:21.500Z', later),
    );
    expect(eventIcs(later, SITE, new Date('2026-11-25T10:03:21.500Z')).content).toContain(
      '\r\nDTSTAMP:20261125T100321Z\r\n',
    );
  });

  it('follows a change of the event or of the site address', () => {
    const at = new Date('2026-11-26T09:00:00.000Z');
    eventIcs(event(), SITE, at);
    const moved = event({ eventDate: '2099-04-01T16:00:00.000Z', location: 'Monterrey' });
    expect(eventIcs(moved, SITE, at).content).toBe(madeAt(at.toISOString(), moved));
    expect(eventIcs(moved, 'https://otro.example.org', at).content).toBe(
      madeAt(at.toISOString(), moved, 'https://otro.example.org'),
    );
  });
});

describe('the date of an event in mail', () => {
  it('is written in the association’s zone, the same each time', () => {
    expect(whenText(event())).toBe('8 de marzo de 2099, 11:30 h (hora del centro de México)');
    expect(whenText(event({ eventDate: '2099-03-08T18:30:00.000Z' }))).toBe(
      '8 de marzo de 2099, 12:30 h (hora del centro de México)',
    );
    expect(whenText(event())).toBe('8 de marzo de 2099, 11:30 h (hora del centro de México)');
  });
});
