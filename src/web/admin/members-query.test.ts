import { describe, expect, it } from 'vitest';
import { centsOf } from './members-actions.tsx';
import { memberQuery } from './members-query.ts';

describe("the members' screens", () => {
  it('ask the API for "vence en 30 días" as endsWithinDays=30, and nothing when it is off', () => {
    expect(memberQuery({ q: 'ana', status: 'activa', ending: true })).toEqual({
      q: 'ana',
      status: 'activa',
      endsWithinDays: 30,
    });
    expect(memberQuery({ plan: 'individual', ending: false })).toEqual({
      plan: 'individual',
      endsWithinDays: undefined,
    });
  });

  it('read pesos as typed into cents, and refuse what is no amount', () => {
    expect(centsOf('1200')).toBe(120_000);
    expect(centsOf('1,200.5')).toBe(120_050);
    expect(centsOf('$6,000.00 MXN')).toBe(600_000);
    expect(centsOf('0')).toBe(0);
    expect(centsOf('12.345')).toBeNaN();
    expect(centsOf('doce')).toBeNaN();
    expect(centsOf('-5')).toBeNaN();
  });
});
