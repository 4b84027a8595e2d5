import { describe, expect, it } from 'vitest';
import { COUNTER_MAXIMA } from '../../../shared/constants.ts';
import { nextCounterValue } from './counter-value.ts';

describe('nextCounterValue', () => {
  it('starts at 1', () => {
    expect(nextCounterValue(1, 0, COUNTER_MAXIMA.socias)).toBe(1);
    expect(nextCounterValue(1, 5, COUNTER_MAXIMA.corporativos)).toBe(1);
  });

  it('grows with the scroll offset divided by 1150 times the maximum', () => {
    expect(nextCounterValue(1, 575, 100)).toBe(50);
    expect(nextCounterValue(1, 575, 8)).toBe(4);
    expect(nextCounterValue(1, 575, 2016)).toBe(1008);
  });

  it('never decreases when the visitor scrolls back up', () => {
    const high = nextCounterValue(1, 800, 100);
    expect(nextCounterValue(high, 100, 100)).toBe(high);
    expect(nextCounterValue(high, 0, 100)).toBe(high);
  });

  it('stops at its maximum', () => {
    expect(nextCounterValue(1, 1150, 100)).toBe(100);
    expect(nextCounterValue(1, 50_000, 100)).toBe(100);
    expect(nextCounterValue(1, 50_000, 2016)).toBe(2016);
    expect(nextCounterValue(8, 99_999, 8)).toBe(8);
  });
});
