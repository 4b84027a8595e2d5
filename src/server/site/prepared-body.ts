import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this size compressing costs more than it saves (the same threshold as the compress plugin's). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A body that many requests get the same copy of (a rendered page, a content list): serialised,
 * hashed and compressed once when it is made, so each request only picks the right bytes.
 */
export interface PreparedBody {
  text: string;
  /** Weak: the same content in any encoding. */
  etag: string;
  gzip?: Buffer;
  br?: Buffer;
}

export async function prepareBody(text: string): Promise<PreparedBody> {
  const etag = `W/"${createHash('sha1').update(text).digest('base64url')}"`;
  if (Buffer.byteLength(text) < COMPRESS_FROM_BYTES) return { text, etag };
  const [br, gz] = await Promise.all([
    brotli(text, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 10,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
      },
    }),
    gzipAsync(text, { level: 9 }),
  ]);
  return { text, etag, br, gzip: gz };
}

/** The best encoding both sides have: br, then gzip, else none. `q=0` refuses one. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
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
 * Sends a prepared body in the encoding the client takes best, with its ETag; the etag plugin answers
 * 304 to a matching If-None-Match, and the compress plugin leaves an encoded body alone.
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PreparedBody,
  contentType: string,
): FastifyReply {
  reply.type(contentType).header('ETag', body.etag).header('Vary', 'Accept-Encoding');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const encoded = encoding ? body[encoding] : undefined;
  if (encoding && encoded) return reply.header('Content-Encoding', encoding).send(encoded);
  return reply.send(body.text);
}
