import { foldForSearch } from '../../shared/text-fold.ts';

/** The longest slug a name gives (a suffix such as `-2` may follow). */
const SLUG_MAX_LENGTH = 80;

/**
 * The address-friendly form of a name: folded as search folds it (lower case, accents dropped), then
 * anything but a letter or a digit a single dash ("Taller: energía solar" → "taller-energia-solar"). A
 * name with no letters or digits gives `fallback`.
 */
export function slugify(name: string, fallback: string): string {
  const slug = foldForSearch(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** `base`, or `base-2`, `base-3`… : the first one not in `taken`. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}
