import { pagePaths, pageRouteOf } from '../../shared/api-paths.ts';
import { clock, upcomingEvents } from '../../shared/clock.ts';
import type { Event } from '../../shared/schemas.ts';
import { identity } from '../content/identity.ts';
import { documentTitle, pageMeta, shareImage } from '../content/seo.ts';
import { serializeForScript } from './initial-data.ts';

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const absolute = (siteUrl: string, path: string) =>
  /^https?:\/\//.test(path) ? path : `${siteUrl}${path}`;

/**
 * The link-preview tags of a page's picture: always a JPEG of 1200 × 630 (a share card, or the site's
 * generic one), with its size, type and alternative text, for Open Graph and Twitter alike. `src` is
 * absolute.
 */
export function imageTags(image: { src: string; type: string; width: number; height: number; alt: string }) {
  const src = escapeHtml(image.src);
  return [
    `<meta property="og:image" content="${src}" />`,
    `<meta property="og:image:type" content="${escapeHtml(image.type)}" />`,
    `<meta property="og:image:width" content="${image.width}" />`,
    `<meta property="og:image:height" content="${image.height}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(image.alt)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:image" content="${src}" />`,
    `<meta name="twitter:image:alt" content="${escapeHtml(image.alt)}" />`,
  ];
}

function organisation(siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: identity.name,
    alternateName: identity.shortName,
    url: `${siteUrl}${pagePaths.inicio}`,
    logo: absolute(siteUrl, identity.logo.src),
    email: identity.emails.general,
    telephone: `+52${identity.phone}`,
    address: { '@type': 'PostalAddress', addressLocality: identity.city, addressCountry: 'MX' },
    sameAs: Object.values(identity.social),
  };
}

export function eventData(event: Event, siteUrl: string) {
  const online = /en línea/i.test(event.location);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    // With the association's offset, so a reader shows the time staff entered.
    startDate: clock.isoWithOffset(event.eventDate),
    description: event.description,
    eventAttendanceMode: online
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    location: online
      ? { '@type': 'VirtualLocation', url: event.linkEvent }
      : {
          '@type': 'Place',
          name: event.location,
          address: { '@type': 'PostalAddress', addressLocality: event.location, addressCountry: 'MX' },
        },
    image: [...new Set([...event.imageCover, ...event.images])]
      .slice(0, 3)
      .map((src) => absolute(siteUrl, src)),
    url: event.linkEvent,
    organizer: { '@type': 'Organization', name: identity.name, url: `${siteUrl}${pagePaths.inicio}` },
  };
}

/**
 * Everything that goes in <head> for a page: title, description, canonical URL, link-preview tags and
 * structured data (the organisation everywhere, upcoming events on the home page).
 */
export function renderHead(
  pathname: string,
  siteUrl: string,
  events: readonly Event[],
  now = new Date(),
): string {
  const meta = pageMeta[pathname] ?? pageMeta[pageRouteOf(pathname)] ?? pageMeta[pagePaths.inicio]!;
  const title = documentTitle(pathname);
  const url = `${siteUrl}${pathname}`;
  const image = absolute(siteUrl, shareImage.src);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:locale" content="es_MX" />`,
    `<meta property="og:site_name" content="${escapeHtml(identity.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...imageTags({ ...shareImage, src: image }),
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    `<script type="application/ld+json">${serializeForScript(organisation(siteUrl))}</script>`,
  ];
  if (pathname === pagePaths.inicio) {
    for (const event of upcomingEvents(events, now)) {
      tags.push(
        `<script type="application/ld+json">${serializeForScript(eventData(event, siteUrl))}</script>`,
      );
    }
  }
  return tags.join('\n    ');
}

/**
 * The head of a private page (one visitor's, its address holding her token): its title and
 * description, kept out of search engines, with no canonical address or link-preview tags that would
 * repeat the token.
 */
export function renderPrivateHead(pathname: string): string {
  const meta = pageMeta[pathname] ?? pageMeta[pageRouteOf(pathname)] ?? pageMeta[pagePaths.inicio]!;
  return [
    `<title>${escapeHtml(documentTitle(pathname))}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<meta name="robots" content="noindex" />`,
  ].join('\n    ');
}
