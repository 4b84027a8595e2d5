/**
 * The site's web font (Inter, decisions 021, 022 and 025): its one file, as tokens.css names it in its
 * @font-face, and the sessionStorage key that says this tab has fetched it into the browser's cache.
 */
export const FONT_URL = '/fonts/inter-latin-wght-normal.woff2';
export const FONT_FLAG = 'fuente-inter';

/** The class on the root that makes the pages' text use Inter (tokens.css). */
export const FONTS_LOADED_CLASS = 'fonts-loaded';

/**
 * Switches the page to Inter if this browser has its file already (the boot script's flag). A move to
 * another page within the app redraws the view, so the change of font costs nothing more then.
 */
export function switchToCachedWebFont(root: Element, storage: () => Pick<Storage, 'getItem'>): boolean {
  if (root.classList.contains(FONTS_LOADED_CLASS)) return true;
  let cached = false;
  try {
    cached = Boolean(storage().getItem(FONT_FLAG));
  } catch {
    // Storage refused (some private modes): the page stays in the fallback.
  }
  if (cached) root.classList.add(FONTS_LOADED_CLASS);
  return cached;
}
