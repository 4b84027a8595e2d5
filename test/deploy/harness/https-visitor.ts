import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json: <T = { data?: unknown; error?: { code: string; message: string } }>() => T;
  /** The Set-Cookie lines of the answer, whole (with their attributes). */
  setCookies: string[];
}

/** A body sent as it is, with its own content type (a multipart upload, say). */
export interface RawBody {
  contentType: string;
  bytes: Buffer;
}

const isRawBody = (payload: unknown): payload is RawBody =>
  typeof payload === 'object' && payload !== null && Buffer.isBuffer((payload as RawBody).bytes);

/**
 * A browser over real HTTP(S), from a loopback address of its choosing (so each visitor is a client
 * of its own to the rate limits): keeps cookies, echoes the CSRF token on unsafe requests, and trusts
 * the given certificate authority. Unlike fetch, it may send any header, X-Forwarded-For included.
 * A payload is sent as JSON; URLSearchParams as a plain HTML form; a RawBody as it is.
 */
export class HttpsVisitor {
  readonly cookies = new Map<string, string>();
  token = '';

  baseUrl: string;
  private readonly options: { ca?: Buffer; localAddress?: string };

  constructor(baseUrl: string, options: { ca?: Buffer; localAddress?: string } = {}) {
    this.baseUrl = baseUrl;
    this.options = options;
  }

  async csrf(headers: Record<string, string> = {}): Promise<string> {
    const reply = await this.request('GET', '/api/csrf', undefined, headers);
    this.token = reply.json<{ data: { token: string } }>().data.token;
    return this.token;
  }

  async request(
    method: string,
    path: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    if (method !== 'GET' && !this.token) await this.csrf(headers);
    const url = new URL(path, this.baseUrl);
    let body: string | Buffer | undefined;
    let contentType: string | undefined;
    if (payload instanceof URLSearchParams) {
      body = payload.toString();
      contentType = 'application/x-www-form-urlencoded';
    } else if (isRawBody(payload)) {
      body = payload.bytes;
      contentType = payload.contentType;
    } else if (payload !== undefined) {
      body = JSON.stringify(payload);
      contentType = 'application/json';
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Reply>((resolve, reject) => {
      const outgoing = send(
        url,
        {
          method,
          ca: this.options.ca,
          localAddress: this.options.localAddress,
          timeout: 15_000,
          headers: {
            ...(this.cookies.size
              ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
              : {}),
            ...(method !== 'GET' ? { 'x-xsrf-token': this.token } : {}),
            ...(contentType ? { 'content-type': contentType } : {}),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const setCookies = response.headers['set-cookie'] ?? [];
            for (const line of setCookies) {
              const [pair = ''] = line.split(';');
              const index = pair.indexOf('=');
              const name = pair.slice(0, index).trim();
              const value = pair.slice(index + 1).trim();
              if (!value || /max-age=0|expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
              else this.cookies.set(name, value);
              // Like the web client, the token is read from its cookie: a login renews it.
              if (name === 'XSRF-TOKEN' && this.cookies.has(name)) this.token = decodeURIComponent(value);
            }
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              text,
              json: () => JSON.parse(text),
              setCookies,
            });
          });
          response.on('error', reject);
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error(`${method} ${path} timed out`)));
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }
}
