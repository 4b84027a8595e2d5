import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { identity } from './identity.ts';

const PUBLIC = join(import.meta.dirname, '..', 'public');

describe("the association's identity", () => {
  it('names a logo that the site serves', () => {
    expect(existsSync(join(PUBLIC, identity.logo.src))).toBe(true);
  });

  it('names in its manifest icons that the site serves', () => {
    const manifest = JSON.parse(readFileSync(join(PUBLIC, 'manifest.webmanifest'), 'utf8')) as {
      icons: { src: string }[];
    };
    expect(manifest.icons.length).toBeGreaterThan(0);
    for (const icon of manifest.icons) expect(existsSync(join(PUBLIC, icon.src)), icon.src).toBe(true);
  });
});
