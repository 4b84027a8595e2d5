/** The card selected after stepping `delta` from `current`, kept within 1 and `count`. */
export function stepCard(current: number, delta: number, count: number): number {
  return Math.min(count, Math.max(1, current + delta));
}

/** Which arrows show: the left one from card 2, the right one until the last card. */
export function arrowVisibility(current: number, count: number): { previous: boolean; next: boolean } {
  return { previous: current > 1, next: current < count };
}
