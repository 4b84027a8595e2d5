import type { EventInput } from '../../shared/schemas.ts';

/**
 * An event as the admin makes it, open to sign-ups with 2 seats unless told otherwise. It starts on a
 * fixed far day, so no test meets the demo's dates or a month's end, and reminders are always due later.
 */
export function eventInput(overrides: Partial<EventInput> = {}): EventInput {
  return {
    name: 'Taller de baterías',
    location: 'Ciudad de México',
    date: '10 de marzo',
    eventDate: '2099-03-10T17:00:00.000Z',
    description: 'Un taller práctico.',
    images: [],
    imageCover: [],
    linkEvent: 'https://example.org/taller',
    registration: { enabled: true, capacity: 2 },
    ...overrides,
  };
}
