import { describe, expect, it } from 'vitest';
import { MISSION_CARD_COUNT } from '../../../shared/constants.ts';
import { arrowVisibility, stepCard } from './carousel.ts';

describe('mission carousel bounds', () => {
  it('steps between card 1 and card 9', () => {
    expect(stepCard(1, 1, MISSION_CARD_COUNT)).toBe(2);
    expect(stepCard(5, -1, MISSION_CARD_COUNT)).toBe(4);
    expect(stepCard(1, -1, MISSION_CARD_COUNT)).toBe(1);
    expect(stepCard(9, 1, MISSION_CARD_COUNT)).toBe(9);
  });

  it('hides the left arrow at card 1 and the right arrow at card 9', () => {
    expect(arrowVisibility(1, MISSION_CARD_COUNT)).toEqual({ previous: false, next: true });
    expect(arrowVisibility(5, MISSION_CARD_COUNT)).toEqual({ previous: true, next: true });
    expect(arrowVisibility(9, MISSION_CARD_COUNT)).toEqual({ previous: true, next: false });
  });

  it('walks through all nine cards', () => {
    let card = 1;
    const seen = [card];
    while (arrowVisibility(card, MISSION_CARD_COUNT).next) {
      card = stepCard(card, 1, MISSION_CARD_COUNT);
      seen.push(card);
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
