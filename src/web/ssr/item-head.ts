import { clock } from '../../shared/clock.ts';
import { itemPaths, itemRoutes, pagePaths, routeOf } from '../../shared/api-paths.ts';
import { htmlToText, summary } from '../../shared/excerpt.ts';
import type { Event, News } from '../../shared/schemas.ts';
import { identity } from '../content/identity.ts';
import { SHARE_CARD, shareCardAlt, shareCardPath } from '../../shared/share-cards.ts';
import { itemDocumentTitle } from '../content/seo.ts';
import { absolute, escapeHtml, eventData, imageTags } from './head.ts';
import { serializeForScript } from './initial-data.ts';

interface ItemHead {
  /** The entry's name: what a link preview shows. */
  name: string;
  title: string;
  description: string;
  /** The page's own address. */
  path: string;
  /** The entry's share card (site path) and its alternative text. */
  card: { src: string; alt: string };
  ogType: 'article' | 'website';
  structuredData: object;
}

const jsonLd = (data: object) => `<script type="application/ld+json">${serializeForScript(data)}</script>`;

function newsHead(entry: News, siteUrl: string): ItemHead {
  const description = summary(htmlToText(entry.description));
  const path = itemPaths.news(entry.slug);
  const images = entry.images.slice(0, 3).map((src) => absolute(siteUrl, src));
  const organisation = {
    '@type': 'Organization',
    name: identity.name,
    url: absolute(siteUrl, pagePaths.inicio),
    logo: { '@type': 'ImageObject', url: absolute(siteUrl, identity.logo.src) },
  };
  return {
    name: entry.name,
    title: itemDocumentTitle(entry.name),
    description,
    path,
    card: { src: shareCardPath('news', entry.slug), alt: shareCardAlt(entry) },
    ogType: 'article',
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: entry.name.slice(0, 110),
      description,
      ...(images.length > 0 ? { image: images } : {}),
      mainEntityOfPage: absolute(siteUrl, path),
      url: absolute(siteUrl, path),
      author: organisation,
      publisher: organisation,
      contentLocation: { '@type': 'Place', name: entry.address },
      ...(entry.publishedAt ? { datePublished: clock.isoWithOffset(entry.publishedAt) } : {}),
      inLanguage: 'es-MX',
    },
  };
}

function eventHead(event: Event, siteUrl: string): ItemHead {
  const path = itemPaths.event(event.slug);
  return {
    name: event.name,
    title: itemDocumentTitle(event.name),
    description: summary(`${event.location}, ${event.date}. ${event.description}`),
    path,
    card: { src: shareCardPath('events', event.slug), alt: shareCardAlt(event) },
    ogType: 'website',
    // The page is the event's address here; its own site stays in `sameAs`.
    structuredData: {
      ...eventData(event, siteUrl),
      url: absolute(siteUrl, path),
      sameAs: event.linkEvent,
    },
  };
}

/**
 * The <head> of a news entry's or an event's own page: title, description, canonical address, link
 * preview (Open Graph, Twitter) with the entry's share card, and its structured data (NewsArticle,
 * Event). Undefined for any other page, or when the entry is not in `data`.
 */
export function renderItemHead(
  pathname: string,
  siteUrl: string,
  data: { news: readonly News[]; events: readonly Event[] },
): string | undefined {
  const route = routeOf(pathname);
  const slug = decodeURIComponent(pathname.slice(pathname.lastIndexOf('/') + 1));
  let head: ItemHead | undefined;
  if (route === itemRoutes.news) {
    const entry = data.news.find((item) => item.slug === slug);
    head = entry && newsHead(entry, siteUrl);
  } else if (route === itemRoutes.event) {
    const event = data.events.find((item) => item.slug === slug);
    head = event && eventHead(event, siteUrl);
  }
  if (!head) return undefined;

  const url = escapeHtml(absolute(siteUrl, head.path));
  const name = escapeHtml(head.name);
  const description = escapeHtml(head.description);
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="${head.ogType}" />`,
    `<meta property="og:locale" content="es_MX" />`,
    `<meta property="og:site_name" content="${escapeHtml(identity.name)}" />`,
    `<meta property="og:title" content="${name}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    ...imageTags({ ...SHARE_CARD, src: absolute(siteUrl, head.card.src), alt: head.card.alt }),
    `<meta name="twitter:title" content="${name}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    jsonLd(head.structuredData),
  ].join('\n    ');
}
