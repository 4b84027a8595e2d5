import { describe, expect, it } from 'vitest';
import { foldForSearch } from './text-fold.ts';

describe('search folding', () => {
  it('takes off case and accents so "nunez" finds "Núñez"', () => {
    expect(foldForSearch('Núñez')).toBe('nunez');
    expect(foldForSearch('ÁLVAREZ Güemes')).toBe('alvarez guemes');
    expect(foldForSearch('Eólica ﬁnal')).toBe('eolica final');
    expect(foldForSearch('ana@example.org')).toBe('ana@example.org');
  });
});
