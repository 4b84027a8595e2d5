import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SectionHeading } from './section-heading.tsx';

describe('SectionHeading', () => {
  it('renders the eyebrow, when there is one, before the titled h2', () => {
    expect(
      renderToStaticMarkup(<SectionHeading id="news-title" title="Noticias" eyebrow="Actualidad" />),
    ).toBe('<span class="eyebrow">Actualidad</span><h2 id="news-title" class="section-title">Noticias</h2>');
    expect(renderToStaticMarkup(<SectionHeading id="partners-title" title="Socias" />)).toBe(
      '<h2 id="partners-title" class="section-title">Socias</h2>',
    );
  });
});
