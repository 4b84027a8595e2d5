import { Readable } from 'node:stream';

/** Excel reads a UTF-8 file as such (accents intact) only when it starts with a byte order mark. */
export const UTF8_BOM = '\uFEFF';

// A cell starting with these runs as a formula in a spreadsheet; a visitor's text must stay text.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (row: readonly unknown[]) =>
  row.map((cell) => csvCell(cell as string | number | boolean | null | undefined)).join(',');

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return UTF8_BOM + [header, ...rows].map(csvLine).join('\r\n') + '\r\n';
}

/**
 * The same bytes as `toCsv`, written as the rows arrive, so a long list is never held whole. The
 * first chunk waits for the first row: a database that does not answer fails the request before
 * anything is sent, with its proper error, rather than halfway through a file.
 */
export function csvStream(header: readonly string[], rows: AsyncIterable<readonly unknown[]>): Readable {
  async function* lines() {
    let head = UTF8_BOM + csvLine(header) + '\r\n';
    for await (const row of rows) {
      yield head + csvLine(row) + '\r\n';
      head = '';
    }
    if (head) yield head;
  }
  return Readable.from(lines());
}
