import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Illustration } from './illustration.tsx';

const drawing = {
  src: '/images/home/mission.svg',
  alt: 'Una ingeniera junto a un aerogenerador.',
  width: 560,
  height: 480,
};

describe('Illustration', () => {
  it('writes the picture, its text and its size, then the loading hints it is given', () => {
    expect(
      renderToStaticMarkup(
        <Illustration className="mission-section__art" image={drawing} loading="lazy" decoding="async" />,
      ),
    ).toBe(
      '<img class="mission-section__art" src="/images/home/mission.svg" alt="Una ingeniera junto a un aerogenerador." width="560" height="480" loading="lazy" decoding="async"/>',
    );
  });

  it('leaves out the hints it is not given', () => {
    // React also writes a preload link ahead of a high-priority image.
    expect(renderToStaticMarkup(<Illustration image={drawing} fetchPriority="high" />)).toContain(
      '<img src="/images/home/mission.svg" alt="Una ingeniera junto a un aerogenerador." width="560" height="480" fetchPriority="high"/>',
    );
  });
});
