import { randomUUID } from 'node:crypto';

export interface Answer {
  status: number;
  body: unknown;
  /** How long the whole exchange took, in ms. */
  ms: number;
}

/**
 * A browser talking to a server over real HTTP: it keeps cookies and echoes the CSRF token on unsafe
 * requests, like the web client does.
 */
export class Visitor {
  readonly cookies = new Map<string, string>();
  baseUrl: string;
  token = '';
  /** Extra headers on every request (X-Forwarded-For in the rate-limit tests). */
  headers: Record<string, string> = {};

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async csrf(): Promise<string> {
    const answer = await this.request('GET', '/api/csrf');
    this.token = (answer.body as { data: { token: string } }).data.token;
    return this.token;
  }

  async request(method: string, path: string, payload?: unknown, timeoutMs = 15_000): Promise<Answer> {
    if (method !== 'GET' && !this.token) await this.csrf();
    const started = performance.now();
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...(method !== 'GET' ? { 'x-xsrf-token': this.token } : {}),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        ...this.headers,
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
      // Like the web client, the token is read from its cookie: a login renews it.
      if (name === 'XSRF-TOKEN' && value && !expired) this.token = decodeURIComponent(value);
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the caller sees the text.
    }
    return { status: response.status, body, ms: performance.now() - started };
  }

  login(email: string, password: string): Promise<Answer> {
    return this.request('POST', '/api/auth/login', { email, password });
  }
}

const KINDS = [undefined, 'Individual', 'Corporativa', 'Estudiantil'] as const;

/** A valid contact or membership request with a unique, traceable e-mail address. */
export function validRequest(index: number, tag = randomUUID().slice(0, 8)) {
  const memberships = KINDS[index % KINDS.length];
  return {
    data: {
      fullName: `Persona ${index} de Prueba`,
      company: 'Energías del Sol',
      position: 'Ingeniera',
      email: `p${index}-${tag}@example.org`,
      phoneNumber: String(5_500_000_000 + index),
      ...(memberships ? { memberships } : {}),
    },
  };
}

/**
 * Runs `total` tasks with at most `concurrency` at a time. `shouldContinue` is asked before each new
 * task starts; once it says no, nothing more starts and the tasks already running are awaited.
 */
export async function runPool(
  total: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
  shouldContinue: () => boolean = () => true,
): Promise<number> {
  let next = 0;
  const lane = async () => {
    while (next < total && shouldContinue()) {
      const index = next++;
      await task(index);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return next;
}
