import { COUNTER_MINIMUM, COUNTER_SCROLL_DIVISOR } from '../../../shared/constants.ts';

/**
 * A scroll-driven counter's next value: scroll offset / 1150 × its maximum, rounded down, never below
 * the previous value or 1, never above the maximum.
 */
export function nextCounterValue(previous: number, scrollY: number, max: number): number {
  const target = Math.floor((Math.max(0, scrollY) / COUNTER_SCROLL_DIVISOR) * max);
  return Math.min(max, Math.max(previous, target, COUNTER_MINIMUM));
}
