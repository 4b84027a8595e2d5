import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payloadKeys, resources } from '../../../shared/api-paths.ts';
import { Browser, collectCookies, cookieHeader, createTestApp, type TestApp } from '../app.ts';
import { testDialects } from '../databases.ts';
import {
  apiRoutes,
  expectOnlyValidRowsStored,
  expectWellFormed,
  fillParams,
  validBodies,
  type ApiRoute,
} from '../api-surface.ts';

// Generated input of any shape, type, size and script, thrown at every /api route. The seed is fixed
// per run only when FC_SEED is set, so a failure can be replayed exactly.
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
const RUNS = Number(process.env.FC_RUNS ?? 300);

const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\r\nBcc: x@example.org',
    "' OR '1'='1",
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '\ud800',
    '𝕏'.repeat(300),
    'a'.repeat(5_000),
  ),
);
const anyJson = fc.jsonValue({ stringUnit: 'binary', maxDepth: 4, depthSize: 'small' });
const anyValue = fc.oneof(anyJson, anyText, fc.constant(undefined));
const anyQuery = fc.dictionary(
  fc.string({ maxLength: 10 }),
  fc.oneof(anyText, fc.array(anyText, { maxLength: 3 })),
  {
    maxKeys: 4,
  },
);

type State = 'anonymous' | 'csrf' | 'admin';

describe.each(testDialects)('hostile input on every API route, on %s', (dialect) => {
  let t: TestApp;
  let routes: ApiRoute[];
  const browsers = {} as Record<Exclude<State, 'anonymous'>, Browser>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { contactRateLimit: 1_000_000, loginRateLimit: 1_000_000 });
    routes = apiRoutes(t.app);
    browsers.csrf = new Browser(t.app);
    await browsers.csrf.csrf();
    browsers.admin = new Browser(t.app);
    expect((await browsers.admin.login()).statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  /** Sends the body as JSON text (any JSON value), with the cookies and token the state has. */
  async function send(
    state: State,
    method: ApiRoute['method'],
    url: string,
    body: unknown,
  ): Promise<LightMyRequestResponse> {
    const payload = method === 'GET' || body === undefined ? undefined : JSON.stringify(body);
    const browser = state === 'anonymous' ? undefined : browsers[state];
    const response = await t.app.inject({
      method,
      url,
      headers: {
        ...(browser ? { cookie: cookieHeader(browser.jar), 'x-xsrf-token': browser.token } : {}),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload !== undefined ? { payload } : {}),
    });
    if (browser) collectCookies(response, browser.jar);
    // A generated logout ends the session the next runs rely on.
    if (state === 'admin' && browser && !browser.jar.sid) {
      expect((await browser.login()).statusCode).toBe(200);
    }
    return response;
  }

  it('finds the routes of the contract in the route table', () => {
    const paths = routes.map((route) => `${route.method} ${route.path}`);
    for (const expected of [
      'GET /api/health',
      'POST /api/mail/contact',
      'POST /api/auth/login',
      'PUT /api/news/update',
      'DELETE /api/partners/delete/:id',
      'GET /api/events/get-by-id/:id',
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it('never answers 5xx nor anything but the error shape, whatever the body, query and session', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom<State>('anonymous', 'csrf', 'admin'),
        anyValue,
        anyQuery,
        anyText,
        async (route, state, body, query, param) => {
          const search = new URLSearchParams();
          for (const [key, value] of Object.entries(query)) {
            for (const item of [value].flat()) search.append(key, item);
          }
          const qs = search.toString();
          // Past the router's 500-character limit Fastify answers by itself (see attacks.test.ts).
          const id =
            encodeURIComponent(param.toWellFormed()).length <= 500 ? param || 'x' : param.slice(0, 40);
          const url = fillParams(route.path, id) + (qs ? `?${qs}` : '');
          const response = await send(state, route.method, url, body);
          expectWellFormed(
            response,
            `${state} ${route.method} ${url.slice(0, 300)} ${JSON.stringify(body)?.slice(0, 200)}`,
          );
        },
      ),
      { numRuns: RUNS * 2, seed },
    );
  }, 60_000);

  it('refuses or stores verbatim a valid request with any one field replaced', async () => {
    const writes: {
      method: 'POST' | 'PUT';
      url: string;
      wrap: (data: unknown) => unknown;
      base: () => Record<string, unknown>;
    }[] = [
      {
        method: 'POST',
        url: '/api/mail/contact',
        wrap: (data: unknown) => ({ data }),
        base: () => validBodies.contact().data,
      },
      ...resources.flatMap((resource) => {
        const keys = payloadKeys[resource];
        const base =
          resource === 'events'
            ? validBodies.event
            : resource === 'news'
              ? validBodies.news
              : validBodies.partner;
        return [
          {
            method: 'POST' as const,
            url: `/api/${resource}/create`,
            wrap: (data: unknown) => ({ [keys.createKey]: data }),
            base,
          },
          {
            method: 'PUT' as const,
            url: `/api/${resource}/update`,
            wrap: (data: unknown) => ({ [keys.idKey]: 'no-existe', [keys.dataKey]: data }),
            base,
          },
        ];
      }),
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writes), fc.nat(), anyValue, async (write, pick, value) => {
        const data = write.base();
        const keys = Object.keys(data);
        const key = keys[pick % (keys.length + 1)] ?? '__proto__';
        if (value === undefined) delete data[key];
        else
          Object.defineProperty(data, key, { value, enumerable: true, writable: true, configurable: true });
        const response = await send('admin', write.method, write.url, write.wrap(data));
        expectWellFormed(
          response,
          `${write.method} ${write.url} ${key}=${JSON.stringify(value)?.slice(0, 200)}`,
        );
        expect([200, 201, 400, 404]).toContain(response.statusCode);
      }),
      { numRuns: RUNS * 2, seed },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 60_000);

  it('stored nothing the schemas would refuse', async () => {
    await expectOnlyValidRowsStored(t.app);
    expect(cookieHeader(browsers.admin.jar)).toContain('sid=');
  });
});
