import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '../../shared/api-paths.ts';
import type { Event } from '../../shared/schemas.ts';
import { renderHead } from './head.ts';

const SITE = 'https://sitio.example.org';

const event = (id: string, eventDate: string): Event => ({
  id,
  slug: `evento-${id}`,
  name: `Evento ${id}`,
  location: 'Ciudad de México',
  date: 'fecha',
  eventDate,
  description: 'Descripción',
  images: ['/demo/events/event-1.svg'],
  imageCover: [],
  linkEvent: 'https://example.org/evento',
});

const eventBlocks = (head: string) =>
  [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
    .map((match) => JSON.parse(match[1]!) as { '@type': string; name: string; startDate?: string })
    .filter((block) => block['@type'] === 'Event');

describe('the head of each page', () => {
  it.each(PAGE_PATHS)('%s has one title and one description', (path) => {
    const head = renderHead(path, SITE, []);
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('lists the events still to come on the home page, each starting at its Mexico City time', () => {
    // Seen at 23:00 in Mexico City on 26 November (05:00 UTC on the 27th).
    const now = new Date('2026-11-27T05:00:00Z');
    const events = [
      event('tonight', '2026-11-27T01:00:00.000Z'), // 26 November, 19:00: started, but still its day
      event('yesterday', '2026-11-26T04:00:00.000Z'), // 25 November, 22:00
      event('later', '2027-01-01T02:30:00.000Z'), // 31 December, 20:30
    ];
    const blocks = eventBlocks(renderHead('/Inicio', SITE, events, now));
    expect(blocks.map((block) => [block.name, block.startDate])).toEqual([
      ['Evento tonight', '2026-11-26T19:00:00-06:00'],
      ['Evento later', '2026-12-31T20:30:00-06:00'],
    ]);
    expect(eventBlocks(renderHead('/Socias', SITE, events, now))).toEqual([]);
  });
});
