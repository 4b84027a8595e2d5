import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentImage } from './content-image.tsx';

afterEach(cleanup);

describe('ContentImage', () => {
  it('offers an upload in every smaller WebP width, for the browser to pick by its shown size', () => {
    const { container } = render(
      <ContentImage
        className="card__media"
        src="/uploads/abc123-960.webp"
        sizes="(max-width: 768px) 100vw, 33vw"
        width={1200}
        height={800}
        loading="lazy"
        decoding="async"
      />,
    );
    const image = container.querySelector('img')!;
    expect(image).toHaveAttribute('src', '/uploads/abc123-960.webp');
    expect(image).toHaveAttribute('srcset', '/uploads/abc123-480.webp 480w, /uploads/abc123-960.webp 960w');
    expect(image).toHaveAttribute('sizes', '(max-width: 768px) 100vw, 33vw');
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('width', '1200');
    expect(image).toHaveAttribute('height', '800');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
    expect(image).toHaveClass('card__media');
    expect(image).not.toHaveAttribute('fetchpriority');
  });

  it('shows other images as they are, and nothing without one', () => {
    const { container, rerender } = render(
      <ContentImage
        src="/demo/events/event-1.svg"
        sizes="160px"
        width={400}
        height={400}
        fetchPriority="high"
      />,
    );
    const image = container.querySelector('img')!;
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('loading');
    expect(image).not.toHaveAttribute('class');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    rerender(<ContentImage src={undefined} sizes="160px" width={400} height={400} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says what the image shows when the staff described it, and is decorative otherwise', () => {
    const descriptions = { '/uploads/abc123-960.webp': 'Tres ingenieras revisan un panel solar.' };
    const { container, rerender } = render(
      <ContentImage
        src="/uploads/abc123-960.webp"
        descriptions={descriptions}
        sizes="160px"
        width={4}
        height={3}
      />,
    );
    expect(container.querySelector('img')).toHaveAttribute('alt', 'Tres ingenieras revisan un panel solar.');
    rerender(
      <ContentImage
        src="/uploads/other-960.webp"
        descriptions={descriptions}
        sizes="160px"
        width={4}
        height={3}
      />,
    );
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
  });
});
