import { EXCERPT_SUFFIX } from './constants.ts';

/** The spec's excerpt rule: the first `length` characters followed by "...". */
export function excerpt(text: string, length: number): string {
  return text.slice(0, length) + EXCERPT_SUFFIX;
}

/** Plain text of an HTML description, for the excerpt. Works without a DOM. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** A text cut at a word for a meta description, with "…" when it was longer than `max`. */
export function summary(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
