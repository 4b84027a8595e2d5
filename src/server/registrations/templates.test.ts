import { describe, expect, it } from 'vitest';
import type { Event } from '../../shared/schemas.ts';
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
  it('is the calendar file of the event, with its id, place and time in UTC', () => {
    const file = eventIcs(event(), SITE);
    expect(file).toMatchObject({ filename: 'evento.ics', contentType: 'text/calendar; method=PUBLISH' });
    expect(file.content).toContain('METHOD:PUBLISH');
    expect(file.content).toContain('UID:evento-1@sitio.example.org');
    expect(file.content).toContain('DTSTART:20990308T173000Z');
    expect(file.content).toContain('LOCATION:Ciudad de México');
  });
});

describe('the date of an event in mail', () => {
  it('is written in the association’s zone, the same each time', () => {
    expect(whenText(event())).toBe('8 de marzo de 2099, 11:30 h (hora del centro de México)');
    expect(whenText(event({ eventDate: '2099-03-08T18:30:00.000Z' }))).toBe(
      '8 de marzo de 2099, 12:30 h (hora del centro de México)',
    );
  });
});
