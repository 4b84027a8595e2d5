/**
 * Text as search compares it: lower case, accents and other marks taken off, compatibility forms
 * unified ("Núñez" → "nunez", "ﬁ" → "fi"). The same on the server (stored folded columns) and in
 * the admin (lists filtered in the browser), so SQLite and PostgreSQL find the same rows.
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '');
}
