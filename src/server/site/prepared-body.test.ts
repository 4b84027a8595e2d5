import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { matchesEtag } from '../lib/etag-match.ts';
import { pickEncoding, prepareBody } from './prepared-body.ts';

describe('a prepared body', () => {
  it('holds the text as UTF-8 bytes and compressed copies that decode to the same bytes', async () => {
    const text = JSON.stringify({ data: Array.from({ length: 100 }, (_, i) => `Energía número ${i}`) });
    const body = await prepareBody(text);
    expect(body.bytes.equals(Buffer.from(text, 'utf8'))).toBe(true);
    expect(brotliDecompressSync(body.br!).equals(body.bytes)).toBe(true);
    expect(gunzipSync(body.gzip!).equals(body.bytes)).toBe(true);
    expect(body.etag).toMatch(/^W\/"[\w-]+"$/);
  });

  it('is not compressed when it is small', async () => {
    const body = await prepareBody('{"data":[]}');
    expect(body.br).toBeUndefined();
    expect(body.gzip).toBeUndefined();
  });
});

describe('If-None-Match', () => {
  const etag = 'W/"abc"';

  it('matches its own tag, weak or strong, alone or in a list, and *', () => {
    for (const header of ['W/"abc"', '"abc"', 'W/"x", W/"abc"', '"x","abc"', '*']) {
      expect(matchesEtag(header, etag), header).toBe(true);
    }
  });

  it('does not match another tag, a part of one, or nothing', () => {
    for (const header of [undefined, '', 'W/"abcd"', '"ab"', 'abc', 'W/"x"']) {
      expect(matchesEtag(header, etag), String(header)).toBe(false);
    }
  });
});

describe('the encoding picked', () => {
  it('is br, then gzip, as the client accepts them', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});
