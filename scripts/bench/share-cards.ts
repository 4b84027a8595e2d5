// The share card route in `npm run bench`: a card is made once per version of its entry, then served
// as the file it is. The making is timed in this process, from the first demo event's own photo; the
// serving is a throughput case beside the others (throughput.ts).
import { join } from 'node:path';
import { makeCard } from '../../src/server/share-cards/card-image.ts';
import { faceOf } from '../../src/server/share-cards/share-cards.service.ts';
import { shareCardPath, shareCardPhoto } from '../../src/shared/share-cards.ts';
import type { Event } from '../../src/shared/schemas.ts';
import { BROWSER_HEADERS } from './throughput.ts';

export interface ShareCardBench {
  /** The first demo event's card address. */
  url: string;
  /** How long making the card took, and its size. */
  check: string;
}

export async function shareCardBench(base: string): Promise<ShareCardBench> {
  const events = (await (await fetch(`${base}/api/events/get-all`)).json()) as { data: Event[] };
  const event = events.data[0];
  if (!event) throw new Error('no demo event to measure the share card with');
  const url = `${base}${shareCardPath('events', event.slug)}`;
  const answer = await fetch(url, { headers: BROWSER_HEADERS });
  if (answer.status !== 200 || answer.headers.get('content-type') !== 'image/jpeg')
    throw new Error(`the share card answered ${answer.status} ${answer.headers.get('content-type')}`);
  const served = (await answer.arrayBuffer()).byteLength;

  const entry = {
    kind: 'events' as const,
    id: event.id,
    slug: event.slug,
    name: event.name,
    place: event.location,
    when: event.eventDate,
    images: event.images,
    imageCover: event.imageCover,
    mode: 'card' as const,
  };
  const roots = { uploads: join('data', 'uploads'), web: [join('dist', 'web')] };
  const started = performance.now();
  const made = await makeCard(faceOf(entry), shareCardPhoto(entry), 'card', roots);
  const ms = performance.now() - started;
  return {
    url,
    check: `made once in ${Math.round(ms)} ms (${(made.length / 1024).toFixed(1)} KB, libraries loaded first), then served as a ${(served / 1024).toFixed(1)} KB file`,
  };
}
