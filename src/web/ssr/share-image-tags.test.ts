import { describe, expect, it } from 'vitest';
import { PAGE_PATHS, itemPaths } from '../../shared/api-paths.ts';
import type { Event, News } from '../../shared/schemas.ts';
import { renderHead } from './head.ts';
import { renderItemHead } from './item-head.ts';

const SITE = 'https://sitio.example.org';

const event: Event = {
  id: 'e1',
  slug: 'taller-solar',
  name: 'Taller "solar" & baterías',
  location: 'Ciudad de México',
  date: 'fecha',
  eventDate: '2099-03-10T17:00:00.000Z',
  description: 'Descripción',
  images: ['/uploads/abc-1600.webp'],
  imageCover: ['/demo/events/event-1.svg'],
  imageDescriptions: { '/demo/events/event-1.svg': 'Paneles solares en un techo' },
  linkEvent: 'https://example.org/evento',
};
const news: News = {
  id: 'n1',
  slug: 'nueva-red',
  name: 'Nueva red de mentoras',
  address: 'Monterrey',
  description: '<p>Texto</p>',
  images: ['/uploads/def-960.webp'],
};

/** Every link-preview tag of a head, by its property or name. */
const tags = (head: string) =>
  Object.fromEntries(
    [...head.matchAll(/<meta (?:property|name)="((?:og|twitter):[^"]+)" content="([^"]*)" \/>/g)].map(
      (match) => [match[1]!, match[2]!],
    ),
  );

describe("the link-preview picture of a page's head", () => {
  it("names an event's share card, absolute, as a JPEG of 1200 × 630 with its photo's description", () => {
    const head = renderItemHead(itemPaths.event(event.slug), SITE, { events: [event], news: [] })!;
    expect(tags(head)).toMatchObject({
      'og:image': `${SITE}/og/evento/taller-solar.jpg`,
      'og:image:type': 'image/jpeg',
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': 'Paneles solares en un techo',
      'twitter:card': 'summary_large_image',
      'twitter:image': `${SITE}/og/evento/taller-solar.jpg`,
    });
  });

  it("names a news item's card, with its title as the alternative text when its photo has none", () => {
    const head = renderItemHead(itemPaths.news(news.slug), SITE, { events: [], news: [news] })!;
    expect(tags(head)).toMatchObject({
      'og:image': `${SITE}/og/noticia/nueva-red.jpg`,
      'og:image:type': 'image/jpeg',
      'og:image:alt': 'Nueva red de mentoras',
      'twitter:image': `${SITE}/og/noticia/nueva-red.jpg`,
    });
  });

  it.each(PAGE_PATHS)("%s names the site's generic card, a JPEG of 1200 × 630", (path) => {
    expect(tags(renderHead(path, SITE, [event]))).toMatchObject({
      'og:image': `${SITE}/images/brand/share.jpg`,
      'og:image:type': 'image/jpeg',
      'og:image:width': '1200',
      'og:image:height': '630',
      'twitter:card': 'summary_large_image',
      'twitter:image': `${SITE}/images/brand/share.jpg`,
    });
  });

  it('never names a WebP or SVG picture', () => {
    const heads = [
      renderItemHead(itemPaths.event(event.slug), SITE, { events: [event], news: [] })!,
      renderItemHead(itemPaths.news(news.slug), SITE, { events: [], news: [news] })!,
      ...PAGE_PATHS.map((path) => renderHead(path, SITE, [event])),
    ];
    for (const head of heads) {
      const { 'og:image': image, 'twitter:image': twitter } = tags(head);
      expect(image).toMatch(/\.jpg$/);
      expect(twitter).toBe(image);
      expect(head).not.toMatch(/content="[^"]*\.(webp|svg)"/);
    }
  });
});
