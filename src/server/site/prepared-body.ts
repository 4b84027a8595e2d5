import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesEtag } from '../lib/etag-match.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this size compressing costs more than it saves (the same threshold as the compress plugin's). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A body that many requests get the same copy of (a rendered page, a content list): serialised,
 * encoded, hashed and compressed once when it is made, so each request only picks the right bytes.
 */
export interface PreparedBody {
  text: string;
  /** The text as UTF-8, sent as it is (a string would be encoded again for every response). */
  bytes: Buffer;
  /** Weak: the same content in any encoding. */
  etag: string;
  gzip?: Buffer;
  br?: Buffer;
}

export async function prepareBody(text: string): Promise<PreparedBody> {
  const bytes = Buffer.from(text, 'utf8');
  const etag = `W/"${createHash('sha1').update(bytes).digest('base64url')}"`;
  if (bytes.length < COMPRESS_FROM_BYTES) return { text, bytes, etag };
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        // 11 saves about 1 % on the home page for three times the time, and pages are made again
        // every minute; 10 is the better trade.
        [constants.BROTLI_PARAM_QUALITY]: 10,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  return { text, bytes, etag, br, gzip: gz };
}

type Encoding = 'br' | 'gzip' | undefined;

/** Browsers send a handful of Accept-Encoding values; each is read once. */
const picked = new Map<string, Encoding>();
const PICKED_KEPT = 64;

/** The best encoding both sides have: br, then gzip, else none. `q=0` refuses one. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  if (picked.has(header)) return picked.get(header);
  const encoding = readAcceptEncoding(header);
  if (picked.size < PICKED_KEPT) picked.set(header, encoding);
  return encoding;
}

function readAcceptEncoding(header: string): Encoding {
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return undefined;
}

/**
 * The options of a route that answers with sendPrepared: the compress plugin has nothing to do, either
 * way (the body is compressed already, and a GET brings none to decompress).
 */
export const PREPARED_ROUTE = { compress: false, decompress: false } as const;

/**
 * Sends a prepared body in the encoding the client takes best, with its ETag, or 304 when the client
 * holds this copy already. Its route takes PREPARED_ROUTE's options.
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PreparedBody,
  contentType: string,
): FastifyReply {
  reply.type(contentType).header('ETag', body.etag).header('Vary', 'Accept-Encoding');
  if (matchesEtag(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const encoded = encoding ? body[encoding] : undefined;
  if (encoding && encoded) return reply.header('Content-Encoding', encoding).send(encoded);
  return reply.send(body.bytes);
}
