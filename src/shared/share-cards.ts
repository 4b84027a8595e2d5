/**
 * Share cards (decision 047): the picture a link preview shows for an event or a news item, a JPEG of
 * 1200 × 630 the server makes once per version of the entry. The page heads name it, the server makes
 * and serves it, the admin shows it. (No zod here: the public site's heads read this file; the admin's
 * schemas are in share-card-schemas.ts.)
 */
export const SHARE_CARD = { width: 1200, height: 630, type: 'image/jpeg', maxBytes: 300 * 1024 } as const;

export type ShareCardKind = 'events' | 'news';

/** The site's generic card (the home page's and every page's without an entry): a JPEG of the same size. */
export const GENERIC_SHARE_CARD = '/images/brand/share.jpg';

/** Where a card is served: `/og/evento/<slug>.jpg` and `/og/noticia/<slug>.jpg`. */
export const shareCardSegments = { events: 'evento', news: 'noticia' } as const satisfies Record<
  ShareCardKind,
  string
>;

export const shareCardPath = (kind: ShareCardKind, slug: string) =>
  `/og/${shareCardSegments[kind]}/${encodeURIComponent(slug)}.jpg`;

/**
 * What an entry shares: the card composed by the server (its photo, the association's band, the title,
 * and for an event its date and place), or its photo as it is (cropped to the card's size, as JPEG).
 */
export const SHARE_CARD_MODES = ['card', 'photo'] as const;
export type ShareCardMode = (typeof SHARE_CARD_MODES)[number];

interface Pictured {
  name: string;
  images: readonly string[];
  imageCover?: readonly string[];
  imageDescriptions?: Record<string, string> | undefined;
}

/** The photo a card is made from: an event's first cover image (else its first image), a news item's first. */
export const shareCardPhoto = (entry: Pictured): string | undefined =>
  entry.imageCover?.[0] ?? entry.images[0];

/** The card's alternative text: the photo's description when it has one, else the entry's title. */
export function shareCardAlt(entry: Pictured): string {
  const photo = shareCardPhoto(entry);
  const description = photo ? entry.imageDescriptions?.[photo]?.trim() : undefined;
  return description || entry.name;
}
