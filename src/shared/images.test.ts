import { describe, expect, it } from 'vitest';
import { uploadSrcSet } from './images.ts';

describe('uploaded image srcset', () => {
  it('lists the standard widths up to the stored one', () => {
    expect(uploadSrcSet('/uploads/ab12cd-1600.webp')).toBe(
      '/uploads/ab12cd-480.webp 480w, /uploads/ab12cd-960.webp 960w, /uploads/ab12cd-1600.webp 1600w',
    );
    expect(uploadSrcSet('/uploads/ab12cd-700.webp')).toBe(
      '/uploads/ab12cd-480.webp 480w, /uploads/ab12cd-700.webp 700w',
    );
    expect(uploadSrcSet('/uploads/ab12cd-300.webp')).toBe('/uploads/ab12cd-300.webp 300w');
  });

  it('gives none for other images', () => {
    expect(uploadSrcSet('/demo/events/event-1.svg')).toBeUndefined();
    expect(uploadSrcSet('https://example.org/a-960.webp')).toBeUndefined();
  });
});
