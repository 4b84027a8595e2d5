import type { I18nProvider, TranslationMessages } from 'react-admin';

/**
 * The admin's texts, looked up in one Spanish catalogue. It reads react-admin's message format
 * (`%{name}` placeholders, plural forms split by `||||` and chosen by `smart_count`), which is all the
 * admin needs of a translation library: `<Admin>`'s default provider would bring one, with its
 * polyfills and the English catalogue, into the first load.
 */
export function catalogueProvider(messages: TranslationMessages, locale = 'es'): I18nProvider {
  return {
    translate: (key, options = {}) => {
      // A key with a space is already a text of ours (a label given as Spanish), never a message key:
      // it stands as it is rather than as react-admin's English default ("Profile" on small screens).
      const fallback = /\s/.test(key) ? key : typeof options._ === 'string' ? options._ : key;
      const phrase = lookup(messages, key) ?? fallback;
      return interpolate(pluralForm(phrase, options.smart_count), options);
    },
    changeLocale: async () => {},
    getLocale: () => locale,
    getLocales: () => [{ locale, name: 'Español' }],
  };
}

function lookup(messages: TranslationMessages, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Spanish has two forms: one, and every other count (zero included). */
function pluralForm(phrase: string, smartCount: unknown): string {
  if (!phrase.includes('||||')) return phrase;
  const forms = phrase.split('||||').map((form) => form.trim());
  const count =
    typeof smartCount === 'number' ? smartCount : Array.isArray(smartCount) ? smartCount.length : 1;
  return forms[count === 1 ? 0 : 1] ?? forms[0] ?? phrase;
}

function interpolate(phrase: string, options: Record<string, unknown>): string {
  return phrase.replace(/%\{(.*?)\}/g, (placeholder, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? placeholder : String(value);
  });
}
