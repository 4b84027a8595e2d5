import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../../shared/excerpt.ts';
import type { News } from '../../../shared/schemas.ts';
import { newsExcerpt } from './news-list.tsx';

const longText = 'Energía limpia para todas. '.repeat(20);

describe('news excerpts', () => {
  it('cuts the news text to 100 characters plus "..." after removing its markup', () => {
    const news: News = {
      id: 'n1',
      name: 'Nota',
      address: 'CDMX',
      description: `<p>${longText}</p>`,
      images: [],
      slug: 'nota',
    };
    expect(newsExcerpt(news)).toBe(`${longText.trim().slice(0, 100)}...`);
    expect(htmlToText('<p>Hola&nbsp;<strong>mundo</strong> &amp; más</p>')).toBe('Hola mundo & más');
  });
});
