import { describe, expect, it } from 'vitest';
import { clock } from '../../shared/clock.ts';
import { demoEvents } from './demo-content.ts';

describe('demo events', () => {
  it('are dated on the association clock: the display text names the day the calendar shows', () => {
    // 30 November 2026, 21:00 in Mexico City: already December in UTC.
    const events = demoEvents(new Date('2026-12-01T03:00:00Z'));
    const evening = events.find((event) => event.name.startsWith('Café de networking'));
    // Seeded for the 26th at 18:00 local, which is 00:00 UTC on the 27th.
    expect(evening?.eventDate).toBe('2026-11-27T00:00:00.000Z');
    expect(evening?.date).toBe('26 de noviembre de 2026, 18:00 h');
    for (const event of events) {
      const day = clock.day(event.eventDate)!;
      expect(event.date.startsWith(`${day.day} de `)).toBe(true);
    }
    // Three months on from November is February of the next year.
    expect(events.at(-1)?.date).toMatch(/ de febrero de 2027, /);
  });
});
