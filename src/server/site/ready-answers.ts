import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { matchesEtag } from '../lib/etag-match.ts';
import { pickEncoding, type PreparedBody } from './prepared-body.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A response head as Node's writeHead takes it fastest: names and values side by side. */
type Head = string[];

/**
 * The bytes of a body as a latin1 string: Node writes a string body together with the head in one
 * write to the socket, where a Buffer takes a second one (about a tenth of the time of a small answer).
 */
type Latin1 = string;

interface Variant {
  head: Head;
  body: Latin1;
}

interface ReadyAnswer {
  etag: string;
  plain: Variant;
  br?: Variant;
  gzip?: Variant;
  notModified: Head;
}

/**
 * Answers held ready for the server itself, before Fastify (decision 024): a GET of exactly one of
 * these paths gets the prepared body with the headers its route would have sent, without routing,
 * request and reply objects or hooks. Only what answers every visitor alike and is dropped on every
 * write belongs here (the public lists); anything else (HEAD, a query string, another method, a path
 * not held, a server that is closing) goes to Fastify as before.
 */
export class ReadyAnswers {
  readonly #answers = new Map<string, ReadyAnswer>();
  #open = true;

  /**
   * Holds `body` for GET `path`. `headers` are the ones the route sets besides the body's own
   * (security headers, content type, cache policy), with lower-case names; ETag, Vary,
   * Content-Encoding and Content-Length are added here as sendPrepared adds them.
   */
  set(path: string, body: PreparedBody, headers: Readonly<Record<string, string>>): void {
    if (!this.#open) return;
    const common = Object.entries({ ...headers, etag: body.etag, vary: 'Accept-Encoding' }).flat();
    const variant = (bytes: Buffer, encoding?: 'br' | 'gzip'): Variant => ({
      head: [
        ...common,
        ...(encoding ? ['content-encoding', encoding] : []),
        'content-length',
        String(bytes.length),
      ],
      body: bytes.toString('latin1'),
    });
    this.#answers.set(path, {
      etag: body.etag,
      plain: variant(body.bytes),
      br: body.br && variant(body.br, 'br'),
      gzip: body.gzip && variant(body.gzip, 'gzip'),
      notModified: common,
    });
  }

  delete(path: string): void {
    this.#answers.delete(path);
  }

  /** From now on every request goes to Fastify, which refuses them while it closes. */
  close(): void {
    this.#open = false;
    this.#answers.clear();
  }

  /** Answers the request if it is a GET of a path held here; false when Fastify must answer it. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET') return false;
    const ready = this.#answers.get(request.url ?? '');
    if (!ready) return false;
    const { headers } = request;
    if (matchesEtag(headers['if-none-match'], ready.etag)) {
      response.writeHead(304, ready.notModified);
      response.end();
      return true;
    }
    const encoding = pickEncoding(headers['accept-encoding']);
    const variant = (encoding && ready[encoding]) || ready.plain;
    response.writeHead(200, variant.head);
    response.end(variant.body, 'latin1');
    return true;
  }

  /** Fastify's request listener with these answers in front of it. */
  inFrontOf(fastify: RequestListener): RequestListener {
    return (request, response) => {
      if (!this.answer(request, response)) fastify(request, response);
    };
  }
}

/**
 * Puts the public lists, once made, in front of Fastify's routing (decision 024). Fastify's own request
 * listener stays behind them for everything else; app.inject() goes straight to it. Closing, Fastify
 * answers 503 with `Connection: close`, so the ready answers step aside first.
 */
export const readyAnswersPlugin = fp(
  async (app: FastifyInstance) => {
    const readyAnswers = new ReadyAnswers();
    const [routed] = app.server.listeners('request') as RequestListener[];
    if (routed) {
      app.server.removeListener('request', routed);
      app.server.on('request', readyAnswers.inFrontOf(routed));
    }
    app.decorate('readyAnswers', readyAnswers);
    app.addHook('preClose', async () => readyAnswers.close());
  },
  { name: 'ready-answers' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Public answers held ready before Fastify's routing. */
    readyAnswers: ReadyAnswers;
  }
}
