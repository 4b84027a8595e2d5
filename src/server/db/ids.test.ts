import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './ids.ts';

describe('time-ordered ids', () => {
  it('are version 7 UUIDs that carry their time and sort by it', () => {
    const id = timeOrderedId(Date.UTC(2027, 0, 2, 3, 4, 5, 6));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.UTC(2027, 0, 2, 3, 4, 5, 6));
    const later = timeOrderedId(Date.UTC(2027, 0, 2, 3, 4, 5, 7));
    expect(later > id).toBe(true);
  });

  it('differ when made in the same millisecond', () => {
    const now = Date.now();
    const ids = new Set(Array.from({ length: 1000 }, () => timeOrderedId(now)));
    expect(ids.size).toBe(1000);
  });

  it('made in the same millisecond, sort in the order they were made', () => {
    const now = Date.now();
    for (let round = 0; round < 20; round += 1) {
      const made = Array.from({ length: 200 }, () => timeOrderedId(now + round));
      expect([...made].sort()).toEqual(made);
    }
  });
});
