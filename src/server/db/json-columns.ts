import { keptDescriptions, type ImageDescriptions } from '../../shared/images.ts';

/** JSON list columns (and the image descriptions' object): stored as text on both dialects. */
export const toJsonList = (values: readonly string[]) => JSON.stringify(values);

export function fromJsonList(text: string): string[] {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.filter((value): value is string => typeof value === 'string') : [];
}

/** An entry's image descriptions as stored: only those of its own images (`{}` when none). */
export function toJsonDescriptions(
  descriptions: ImageDescriptions | undefined,
  images: readonly string[],
): string {
  return JSON.stringify(keptDescriptions(descriptions, images));
}

/** The image descriptions of a row, spread into its entity only when there is one. */
export function fromJsonDescriptions(text: string | undefined): {
  imageDescriptions?: Record<string, string>;
} {
  const parsed: unknown = text ? JSON.parse(text) : {};
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const entries = Object.entries(parsed).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length > 0 ? { imageDescriptions: Object.fromEntries(entries) } : {};
}
