import { act, cleanup, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Counters } from './counters.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const figures = (root: ParentNode) =>
  [...root.querySelectorAll('.counters__figure')].map((figure) => figure.textContent);

const reducedMotion = (matches: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches, media: query }) as MediaQueryList);

describe('Counters', () => {
  it('arrive from the server with their final figures, so they read right without JavaScript', () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(<Counters />);
    expect(figures(host)).toEqual(['+100', '+8', 'desde2016']);
  });

  it('start from the minimum once JavaScript runs and the visitor has not reached them yet', async () => {
    reducedMotion(false);
    const { container } = render(<Counters />);
    await act(async () => {});
    expect(figures(container)).toEqual(['+1', '+1', 'desde1']);
  });

  it('keep their final figures when motion is reduced', async () => {
    reducedMotion(true);
    const { container } = render(<Counters />);
    await act(async () => {});
    expect(figures(container)).toEqual(['+100', '+8', 'desde2016']);
  });

  it('keep their final figures when the visitor already sees them', async () => {
    reducedMotion(false);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      top: 100,
      bottom: 300,
    } as DOMRect);
    const { container } = render(<Counters />);
    await act(async () => {});
    expect(figures(container)).toEqual(['+100', '+8', 'desde2016']);
    vi.restoreAllMocks();
  });
});
