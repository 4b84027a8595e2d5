import { describe, expect, it } from 'vitest';
import {
  findReference,
  formatPesos,
  graceEnd,
  isValidClabe,
  longDay,
  memberStatus,
  normaliseReference,
  periodEndFrom,
  periodForPayment,
  statusText,
} from './members.ts';

// Mexico City is UTC−6 all year: its local midnight is 06:00 UTC.
const at = (iso: string) => new Date(iso);
const socia = (periodEnd: string) => ({ status: 'socia' as const, periodEnd });
const plan = { periodMonths: 12, graceDays: 30 };

describe('memberStatus, read from the dates on the association’s clock', () => {
  it('is active through the last local day of the period, and in grace from the next', () => {
    const member = socia('2027-01-14');
    expect(memberStatus(member, plan, at('2027-01-15T05:59:59Z'))).toBe('activa');
    expect(memberStatus(member, plan, at('2027-01-15T06:00:00Z'))).toBe('en_gracia');
  });

  it('is in grace through the grace’s last local day, and lapsed from the next', () => {
    const member = socia('2027-01-14');
    expect(graceEnd('2027-01-14', 30)).toBe('2027-02-13');
    expect(memberStatus(member, plan, at('2027-02-14T05:59:59Z'))).toBe('en_gracia');
    expect(memberStatus(member, plan, at('2027-02-14T06:00:00Z'))).toBe('vencida');
  });

  it('counts the grace across a month’s end and a leap day', () => {
    // 31 January + 30 days: 2 March in a common year, 1 March in a leap year.
    expect(graceEnd('2026-01-31', 30)).toBe('2026-03-02');
    expect(graceEnd('2028-01-31', 30)).toBe('2028-03-01');
    expect(memberStatus(socia('2028-01-31'), plan, at('2028-03-02T05:59:00Z'))).toBe('en_gracia');
    expect(memberStatus(socia('2028-01-31'), plan, at('2028-03-02T06:00:00Z'))).toBe('vencida');
    expect(memberStatus(socia('2028-02-28'), { graceDays: 1 }, at('2028-03-01T05:00:00Z'))).toBe('en_gracia');
  });

  it('reads a late evening in Mexico City as that day, not the UTC day after', () => {
    // 23:30 on 14 January in Mexico City is 05:30 on the 15th in UTC.
    expect(memberStatus(socia('2027-01-14'), plan, at('2027-01-15T05:30:00Z'))).toBe('activa');
  });

  it('passes the statuses people decide through unchanged', () => {
    for (const status of ['en_revision', 'por_pagar', 'rechazada', 'baja'] as const) {
      expect(memberStatus({ status, periodEnd: '2000-01-01' }, plan, at('2030-01-01T00:00:00Z'))).toBe(
        status,
      );
    }
    expect(memberStatus({ status: 'socia', periodEnd: null }, plan, at('2030-01-01T00:00:00Z'))).toBe(
      'vencida',
    );
  });
});

describe('periods', () => {
  it('end the day before their anniversary', () => {
    expect(periodEndFrom({ year: 2026, month: 1, day: 15 }, 12)).toEqual({ year: 2027, month: 1, day: 14 });
    expect(periodEndFrom({ year: 2026, month: 12, day: 31 }, 12)).toEqual({ year: 2027, month: 12, day: 30 });
    expect(periodEndFrom({ year: 2027, month: 3, day: 1 }, 12)).toEqual({ year: 2028, month: 2, day: 29 });
  });

  it('run to the end of the month when the anniversary does not exist', () => {
    expect(periodEndFrom({ year: 2024, month: 2, day: 29 }, 12)).toEqual({ year: 2025, month: 2, day: 28 });
    expect(periodEndFrom({ year: 2026, month: 1, day: 31 }, 1)).toEqual({ year: 2026, month: 2, day: 28 });
    expect(periodEndFrom({ year: 2026, month: 11, day: 30 }, 3)).toEqual({ year: 2027, month: 2, day: 28 });
  });

  it('start on the day of the first payment, in the association’s zone', () => {
    const first = { status: 'por_pagar' as const, periodEnd: null };
    expect(periodForPayment(first, plan, at('2026-01-15T18:00:00Z'))).toEqual({
      periodStart: '2026-01-15',
      periodEnd: '2027-01-14',
    });
    // 21:00 on 15 January in Mexico City.
    expect(periodForPayment(first, plan, at('2026-01-16T03:00:00Z')).periodStart).toBe('2026-01-15');
  });

  it('continue from the old end when paid while active or in grace (the anniversary stays)', () => {
    const member = socia('2027-01-14');
    const next = { periodStart: '2027-01-15', periodEnd: '2028-01-14' };
    expect(periodForPayment(member, plan, at('2026-12-20T18:00:00Z'))).toEqual(next);
    expect(periodForPayment(member, plan, at('2027-01-15T05:00:00Z'))).toEqual(next);
    expect(periodForPayment(member, plan, at('2027-02-13T18:00:00Z'))).toEqual(next);
  });

  it('start again on the day of payment once lapsed', () => {
    expect(periodForPayment(socia('2027-01-14'), plan, at('2027-03-01T18:00:00Z'))).toEqual({
      periodStart: '2027-03-01',
      periodEnd: '2028-02-29',
    });
  });
});

describe('words and amounts', () => {
  it('say the status as the member reads it', () => {
    const base = { periodEnd: '2027-01-14', graceDays: 30 };
    expect(statusText({ ...base, status: 'activa' })).toBe('Activa hasta el 14 de enero de 2027');
    expect(statusText({ ...base, status: 'en_gracia' })).toBe(
      'En periodo de gracia hasta el 13 de febrero de 2027',
    );
    expect(statusText({ ...base, status: 'vencida' })).toBe('Vencida desde el 14 de febrero de 2027');
    expect(statusText({ ...base, status: 'en_revision' })).toBe('En revisión');
    expect(
      statusText({
        ...base,
        status: 'por_pagar',
        pending: { amountCents: 120_000, reference: 'MEER-7K3Q-9XD4' },
      }),
    ).toBe('Por pagar: $1,200.00 MXN con la referencia MEER-7K3Q-9XD4');
    expect(longDay('2028-02-29')).toBe('29 de febrero de 2028');
  });

  it('write pesos with thousands and centavos', () => {
    expect(formatPesos(120_000)).toBe('$1,200.00 MXN');
    expect(formatPesos(36_000)).toBe('$360.00 MXN');
    expect(formatPesos(5)).toBe('$0.05 MXN');
    expect(formatPesos(123_456_789)).toBe('$1,234,567.89 MXN');
    expect(formatPesos(2_000_000)).toBe('$20,000.00 MXN');
  });
});

describe('isValidClabe', () => {
  // Bank 032 (IXE), place 180, account 00011835971: its control digit is 9 (3·0+7·3+1·2 … → 9).
  const valid = ['032180000118359719', '002180123456789013', '012180001234567899', '072180012345678907'];

  it('accepts CLABEs whose last digit is the control digit of the other 17', () => {
    for (const clabe of valid) expect(isValidClabe(clabe), clabe).toBe(true);
  });

  it('refuses a wrong control digit, a wrong length and anything but digits', () => {
    expect(isValidClabe('032180000118359718')).toBe(false);
    expect(isValidClabe('002180123456789012')).toBe(false);
    expect(isValidClabe('03218000011835971')).toBe(false);
    expect(isValidClabe('0321800001183597190')).toBe(false);
    expect(isValidClabe('03218000011835971a')).toBe(false);
    expect(isValidClabe('')).toBe(false);
  });
});

describe('payment references', () => {
  it('are found in a transfer’s concept whatever the case, spaces or dashes', () => {
    expect(findReference('Pago cuota meer 7k3q 9xd4 gracias')).toBe('MEER-7K3Q-9XD4');
    expect(findReference('SPEI MEER7K3Q9XD4')).toBe('MEER-7K3Q-9XD4');
    expect(findReference('MEER-7K3Q-9XD4')).toBe('MEER-7K3Q-9XD4');
    expect(findReference('Pago de cuota')).toBeUndefined();
    // 0, O, 1, I, 2, Z, 5, S, 8, B are never drawn: such a text is no reference of ours.
    expect(findReference('MEER-0O1I-2Z5S')).toBeUndefined();
  });

  it('keep any other reference as typed, trimmed and upper-cased', () => {
    expect(normaliseReference(' efectivo-0042 ')).toBe('EFECTIVO-0042');
  });
});
