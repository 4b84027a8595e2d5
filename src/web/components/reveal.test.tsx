import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVEAL_THRESHOLD, Reveal } from './reveal.tsx';

/** A stand-in for the browser's IntersectionObserver that the test drives by hand. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets: Element[] = [];
  disconnected = false;
  readonly callback: IntersectionObserverCallback;
  readonly options?: IntersectionObserverInit;
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.callback = callback;
    this.options = options;
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The observed block comes into view. */
  enter() {
    const entries = this.targets.map((target) => ({ target, isIntersecting: true }));
    act(() => this.callback(entries as unknown as IntersectionObserverEntry[], this as never));
  }
}

/** Places every element at `top` px from the top of an 800 px tall window. */
function placeAt(top: number) {
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ top } as DOMRect);
}

function block() {
  render(
    <Reveal className="tarjeta">
      <p>Contenido</p>
    </Reveal>,
  );
  return screen.getByText('Contenido').parentElement!;
}

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Reveal', () => {
  it('leaves a block that is already in view as the server sent it, and watches nothing', () => {
    placeAt(300);
    const element = block();
    expect(element.className).toBe('reveal reveal--rise tarjeta');
    expect(FakeObserver.all).toHaveLength(0);
  });

  it('hides a block below the fold until 10% of it is in view, then reveals it once', () => {
    placeAt(1_500);
    const element = block();
    expect(element).toHaveClass('is-waiting');
    const [observer] = FakeObserver.all;
    expect(observer!.options?.threshold).toBe(REVEAL_THRESHOLD);
    observer!.enter();
    expect(element).toHaveClass('is-revealed');
    expect(element).not.toHaveClass('is-waiting');
    expect(observer!.disconnected).toBe(true);
  });

  it('never hides anything for a visitor who prefers reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    placeAt(1_500);
    const element = block();
    expect(element.className).toBe('reveal reveal--rise tarjeta');
    expect(FakeObserver.all).toHaveLength(0);
  });

  it('never hides anything where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    placeAt(1_500);
    expect(block().className).toBe('reveal reveal--rise tarjeta');
  });
});
