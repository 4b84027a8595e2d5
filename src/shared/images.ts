/** The widths the server re-encodes every uploaded image to (never wider than the original). */
export const UPLOAD_WIDTHS = [480, 960, 1600] as const;

const UPLOAD_PATTERN = /^(\/uploads\/[a-z0-9]+)-(\d+)\.webp$/i;

/**
 * The `srcset` of an uploaded image, from the URL the content stores (its widest version,
 * `/uploads/<hash>-<width>.webp`): every standard width below it, and itself. Other images (the demo
 * SVGs, links to other sites) have none.
 */
export function uploadSrcSet(url: string): string | undefined {
  const match = UPLOAD_PATTERN.exec(url);
  if (!match) return undefined;
  const base = match[1]!;
  const widest = Number(match[2]);
  const widths = [...UPLOAD_WIDTHS.filter((width) => width < widest), widest];
  return widths.map((width) => `${base}-${width}.webp ${width}w`).join(', ');
}

/** An entry's image descriptions: each image's text for screen readers, by the image's address. */
export type ImageDescriptions = Readonly<Record<string, string>>;

/**
 * What an entry stores of the descriptions it was sent: only those of its own images, trimmed, and
 * none that is empty (an image without one reads as decorative, `alt=""`).
 */
export function keptDescriptions(
  descriptions: ImageDescriptions | undefined,
  images: readonly string[],
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const src of images) {
    const text = descriptions?.[src]?.trim();
    if (text) kept[src] = text;
  }
  return kept;
}
