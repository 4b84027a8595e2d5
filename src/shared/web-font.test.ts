import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FONT_FLAG, FONT_URL, FONTS_LOADED_CLASS, switchToCachedWebFont } from './web-font.ts';

/** Enough of an element for the class list. */
function root(...classes: string[]) {
  const list = new Set(classes);
  return {
    classList: {
      contains: (name: string) => list.has(name),
      add: (name: string) => void list.add(name),
    },
    has: (name: string) => list.has(name),
  };
}

const storage = (entries: Record<string, string>) => () => ({
  getItem: (key: string) => entries[key] ?? null,
});

describe('the web font', () => {
  it('is the file the stylesheet names', () => {
    const tokens = readFileSync(new URL('../web/styles/tokens.css', import.meta.url), 'utf8');
    expect(tokens).toContain(`url('${FONT_URL}')`);
    expect(tokens).toContain(`:root.${FONTS_LOADED_CLASS} {`);
  });

  it('is switched on when this browser has it in its cache, and not before', () => {
    const fresh = root();
    expect(switchToCachedWebFont(fresh as unknown as Element, storage({}))).toBe(false);
    expect(fresh.has(FONTS_LOADED_CLASS)).toBe(false);

    const returning = root();
    expect(switchToCachedWebFont(returning as unknown as Element, storage({ [FONT_FLAG]: '1' }))).toBe(true);
    expect(returning.has(FONTS_LOADED_CLASS)).toBe(true);
  });

  it('leaves the page in its fallback when storage is refused', () => {
    const page = root();
    const refused = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(switchToCachedWebFont(page as unknown as Element, refused)).toBe(false);
    expect(page.has(FONTS_LOADED_CLASS)).toBe(false);
  });
});
