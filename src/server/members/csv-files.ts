import { parseIsoDay, isoDay } from '../../shared/clock.ts';
import { foldForSearch } from '../../shared/text-fold.ts';

/**
 * CSV files in and out for the members: the reader is liberal in what it takes (a bank's statement,
 * a spreadsheet's export: comma, semicolon or tab, quoted or not, a byte order mark, headers in Spanish
 * or English); the members' export is written by `lib/csv.ts`.
 */

/** The rows of a CSV text; the separator is whichever of `,` `;` and tab the first line uses most. */
export function readCsvRows(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const separator = [',', ';', '\t'].reduce((best, candidate) =>
    firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best,
  );
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!;
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === separator) {
      row.push(cell.trim());
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[index + 1] === '\n') index++;
      row.push(cell.trim());
      if (row.some((value) => value !== '')) rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  row.push(cell.trim());
  if (row.some((value) => value !== '')) rows.push(row);
  return rows;
}

/** A header's name as the matching compares it: folded, without punctuation. */
export const headerKey = (name: string) =>
  foldForSearch(name)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The column whose header is one of `names` (compared folded), trying them in order, so the first name
 * is the one preferred when a file has several that fit; -1 when none.
 */
export function findColumn(header: readonly string[], names: readonly string[]): number {
  const keys = header.map(headerKey);
  for (const name of names) {
    const index = keys.indexOf(headerKey(name));
    if (index >= 0) return index;
  }
  for (const name of names) {
    const index = keys.findIndex((key) => key.startsWith(`${headerKey(name)} `));
    if (index >= 0) return index;
  }
  return -1;
}

/**
 * An amount in centavos from how banks and spreadsheets write it: `1,200.00`, `1.200,00`, `1200,5`,
 * `$ 1 200`, `(150.00)` or `-150`; the separator followed by one or two digits at the end is the
 * decimal one. Undefined for text that is no amount.
 */
export function parseAmountCents(text: string): number | undefined {
  let value = text.replace(/[\s$]|MXN|M\.N\.|MN/gi, '');
  let negative = false;
  if (/^\(.*\)$/.test(value)) {
    negative = true;
    value = value.slice(1, -1);
  }
  if (value.startsWith('-')) {
    negative = true;
    value = value.slice(1);
  }
  if (!/^[\d.,]+$/.test(value) || !/\d/.test(value)) return undefined;
  const decimal = /[.,](\d{1,2})$/.exec(value);
  const whole = (decimal ? value.slice(0, decimal.index) : value).replace(/[.,]/g, '');
  if (whole === '' && !decimal) return undefined;
  const cents = Number(whole || '0') * 100 + (decimal ? Number(decimal[1]!.padEnd(2, '0')) : 0);
  if (!Number.isSafeInteger(cents)) return undefined;
  return negative ? -cents : cents;
}

/** A day from `2026-03-05`, `05/03/2026`, `5-3-2026` or `05/03/26` (day first, as in Mexico). */
export function parseDay(text: string): string | undefined {
  const value = text.trim().slice(0, 10);
  if (parseIsoDay(value)) return value;
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text.trim().split(/\s/)[0] ?? '');
  if (!match) return undefined;
  const year = match[3]!.length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
  const day = { year, month: Number(match[2]), day: Number(match[1]) };
  const iso = isoDay(day);
  return parseIsoDay(iso) ? iso : undefined;
}
