/** Excel reads a UTF-8 file as such (accents intact) only when it starts with a byte order mark. */
export const UTF8_BOM = '\uFEFF';

// A cell starting with these runs as a formula in a spreadsheet; a visitor's text must stay text.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [header, ...rows].map((row) =>
    row.map((cell) => csvCell(cell as string | number | boolean | null | undefined)).join(','),
  );
  return UTF8_BOM + lines.join('\r\n') + '\r\n';
}
