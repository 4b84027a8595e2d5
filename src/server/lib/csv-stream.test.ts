import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvStream, toCsv } from './csv.ts';

async function* from<T>(items: T[]) {
  for (const item of items) yield item;
}

describe('csvStream', () => {
  const header = ['Nombre', 'Empresa', 'Intentos'] as const;

  it('writes the same bytes as toCsv: the BOM, the header, each row escaped, CRLF after every line', async () => {
    const rows = [
      ['Sofía Álvarez', '=HIPERVINCULO("x")', 2],
      ['Ana; Pérez', 'Línea\r\nnueva', 0],
      [null, undefined, true],
    ];
    expect(await text(csvStream(header, from(rows)))).toBe(toCsv(header, rows));
  });

  it('writes the header alone when there is no row', async () => {
    expect(await text(csvStream(header, from([])))).toBe(toCsv(header, []));
  });

  it('reads no row before the stream is read, and fails with the rows’ own error', async () => {
    let read = false;
    const failing: AsyncIterable<unknown[]> = {
      [Symbol.asyncIterator]: () => ({
        next: () => {
          read = true;
          return Promise.reject(new Error('database away'));
        },
      }),
    };
    const stream = csvStream(header, failing);
    expect(read).toBe(false);
    await expect(text(stream)).rejects.toThrow('database away');
  });
});
