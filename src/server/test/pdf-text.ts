import { inflateSync } from 'node:zlib';

/**
 * Reads a PDF as pdfkit writes it, for tests (no PDF tool is installed): its page count, and its text,
 * decoded through each embedded font's ToUnicode map (pdfkit writes glyph ids, not letters).
 */
export function readPdf(pdf: Buffer): { pages: number; text: string } {
  const source = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream?: string }>();
  const pattern = /(\d+) 0 obj([\s\S]*?)endobj/g;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    const body = match[2]!;
    const at = body.indexOf('stream');
    if (at < 0) {
      objects.set(match[1]!, { dict: body });
      continue;
    }
    const start = match.index + match[0].indexOf('stream') + 'stream'.length + 1;
    const end = source.indexOf('endstream', start);
    let data = pdf.subarray(start, end);
    if (body.slice(0, at).includes('/FlateDecode')) data = inflateSync(data);
    objects.set(match[1]!, { dict: body.slice(0, at), stream: data.toString('latin1') });
  }
  const pages = [...objects.values()].filter((object) => /\/Type \/Page\b(?!s)/.test(object.dict));

  /** A font's glyph id → text, from its ToUnicode CMap. */
  const maps = new Map<string, Map<number, string>>();
  const mapOf = (fontRef: string) => {
    let map = maps.get(fontRef);
    if (map) return map;
    map = new Map();
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(fontRef)?.dict ?? '')?.[1];
    const cmap = toUnicode ? (objects.get(toUnicode)?.stream ?? '') : '';
    const hex = (text: string) => String.fromCodePoint(parseInt(text, 16));
    for (const range of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
      const first = parseInt(range[1]!, 16);
      [...range[3]!.matchAll(/<([0-9a-f]+)>/gi)].forEach((value, index) =>
        map!.set(first + index, hex(value[1]!)),
      );
    }
    for (const single of cmap.matchAll(/<([0-9a-f]{4})> <([0-9a-f]+)>\s*$/gim)) {
      map.set(parseInt(single[1]!, 16), hex(single[2]!));
    }
    maps.set(fontRef, map);
    return map;
  };

  const lines: string[] = [];
  for (const page of pages) {
    const fonts = new Map<string, string>();
    const resources = /\/Resources (\d+) 0 R/.exec(page.dict)?.[1];
    for (const font of (objects.get(resources ?? '')?.dict ?? '').matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      fonts.set(font[1]!, font[2]!);
    }
    const contents = /\/Contents (\d+) 0 R/.exec(page.dict)?.[1];
    const stream = objects.get(contents ?? '')?.stream ?? '';
    let map = new Map<number, string>();
    for (const op of stream.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ|<([0-9a-f]*)> Tj/gi)) {
      if (op[1]) {
        map = mapOf(fonts.get(op[1])!);
        continue;
      }
      const parts = op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-f]*)>/gi)].map((p) => p[1]!) : [op[3]!];
      const glyphs = parts.join('').match(/.{4}/g) ?? [];
      lines.push(glyphs.map((glyph) => map.get(parseInt(glyph, 16)) ?? '?').join(''));
    }
  }
  return { pages: pages.length, text: lines.join('\n') };
}
