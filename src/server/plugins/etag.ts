import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { matchesEtag } from '../lib/etag-match.ts';

const READS = new Set(['GET', 'HEAD']);

/** A strong validator of a body: its SHA-1, as @fastify/etag made them. */
export const etagOf = (payload: string | Buffer) =>
  `"${createHash('sha1').update(payload).digest('base64')}"`;

/**
 * ETags on the answers to reads, and 304 when the browser already has the body. A read that set its own
 * ETag (the site's ready answers) keeps it. Writes get none: a validator of a 201 says nothing a client
 * can use, hashing it is work on every form sent, and an `If-None-Match` on a write must never turn
 * what was done into a 304.
 */
export const etagPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!READS.has(request.method) || reply.statusCode !== 200) return payload;
      let etag = reply.getHeader('etag') as string | undefined;
      if (!etag) {
        if (!(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
        etag = etagOf(payload);
        reply.header('etag', etag);
      }
      if (!matchesEtag(request.headers['if-none-match'], etag)) return payload;
      reply.code(304);
      return '';
    });
  },
  { name: 'etag' },
);
