import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REQUEST_KINDS, REQUEST_STATUSES } from '../../../shared/admin-schemas.ts';
import { Browser, collectCookies, cookieHeader, createTestApp, type TestApp } from '../app.ts';
import { testDialects } from '../databases.ts';
import { expectWellFormed, fillParams } from '../api-surface.ts';

// Every route that needs an admin session, found in the app's own route table, is sent what an admin's
// browser (session cookie and CSRF token) could send: any query, any JSON body, any multipart body,
// any path parameter. Whatever arrives, the answer is never a 5xx. FC_SEED replays a failure.
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
const RUNS = Number(process.env.FC_ADMIN_RUNS ?? 1000);

interface AdminRoute {
  method: string;
  path: string;
  queryKeys: string[];
  bodyKeys: string[];
}

const keysOf = (schema: unknown): string[] =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape as Record<string, unknown>) : [];

const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', "' OR '1'='1", '%', '_', '\\', 'a'.repeat(3_000)),
);
const pad = (value: number, width: number) => String(value).padStart(width, '0');
/** Strings shaped like a day, most of them impossible ones: the pattern alone lets them through. */
const dayLike = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
  .map(([year, month, day]) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`);
const numberLike = fc.oneof(
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom('0', '-1', '1e309', 'NaN', 'Infinity', '9007199254740993', '0x10', '1.5'),
);
const choiceLike = fc.constantFrom(
  'true',
  'false',
  'asc',
  'desc',
  'null',
  ...REQUEST_KINDS,
  ...REQUEST_STATUSES,
);
const queryValue = fc.oneof(
  { arbitrary: anyText, weight: 2 },
  { arbitrary: dayLike, weight: 3 },
  { arbitrary: numberLike, weight: 1 },
  { arbitrary: choiceLike, weight: 1 },
);
const jsonValue = fc.oneof(
  fc.jsonValue({ stringUnit: 'binary', maxDepth: 3, depthSize: 'small' }),
  dayLike,
  fc.integer(),
  fc.constantFrom(null, true, 0, -1, 1e308, 3650, 3651, ...REQUEST_STATUSES),
);

interface Multipart {
  boundary: string;
  declareBoundary: boolean;
  parts: { name: string; fileName: string | null; type: string; data: 'png' | 'png-head' | Uint8Array }[];
  close: boolean;
  cutAt: number | null;
}

const multipart = fc.record<Multipart>({
  boundary: fc.oneof(fc.constantFrom('limite', '----x9', 'a'), fc.string({ minLength: 1, maxLength: 20 })),
  declareBoundary: fc.boolean(),
  parts: fc.array(
    fc.record({
      name: fc.oneof(fc.constantFrom('file', 'imagen'), fc.string({ maxLength: 10 })),
      fileName: fc.option(fc.oneof(fc.constantFrom('foto.png', '../../x.png'), anyText)),
      type: fc.constantFrom('image/png', 'image/jpeg', 'text/plain', 'application/octet-stream', ''),
      data: fc.oneof(
        fc.constantFrom<'png' | 'png-head'>('png', 'png-head'),
        fc.uint8Array({ maxLength: 200 }),
      ),
    }),
    { maxLength: 3 },
  ),
  close: fc.boolean(),
  cutAt: fc.option(fc.nat()),
});

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'fields'; value: Record<string, unknown> }
  | { kind: 'multipart'; value: Multipart }
  | { kind: 'raw'; type: string; value: Uint8Array };

describe.each(testDialects)('every admin route as a logged-in admin, on %s', (dialect) => {
  let t: TestApp;
  let uploadDir: string;
  let admin: Browser;
  let png: Buffer;
  const added: RouteOptions[] = [];
  const routes: AdminRoute[] = [];

  beforeAll(async () => {
    uploadDir = mkdtempSync(join(tmpdir(), 'admin-property-'));
    t = await createTestApp(
      dialect,
      { uploadDir, contactRateLimit: 1_000_000, loginRateLimit: 1_000_000 },
      { onRoute: (route) => added.push(route) },
    );
    png = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#1e8c5a' } })
      .png()
      .toBuffer();
    const stranger = new Browser(t.app);
    await stranger.csrf();
    for (const route of added) {
      if (!route.url.startsWith('/api/') || route.url.includes('*')) continue;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        // An admin route is one that turns away a visitor who holds a valid CSRF token.
        const probe = await stranger.request(method as 'GET', fillParams(route.url, 'x'), {});
        if (probe.statusCode !== 401) continue;
        routes.push({
          method,
          path: route.url,
          queryKeys: keysOf(route.schema?.querystring),
          bodyKeys: keysOf(route.schema?.body),
        });
      }
    }
    admin = new Browser(t.app);
    await signIn();
  });

  /**
   * Logs the admin in and confirms her password, so the sensitive routes (decision 035) are reached
   * past their step-up. Confirmations share the per-admin allowance with the generated guesses, so once
   * that is spent (429) the sensitive routes are exercised refusing instead.
   */
  async function signIn() {
    expect((await admin.login()).statusCode).toBe(200);
    await admin.csrf();
    expect([200, 429]).toContain((await admin.confirm()).statusCode);
  }
  afterAll(async () => {
    await t?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  function multipartBody(form: Multipart): { payload: Buffer; type: string } {
    const chunks: Buffer[] = [];
    for (const part of form.parts) {
      const file = part.fileName === null ? '' : `; filename="${part.fileName}"`;
      chunks.push(
        Buffer.from(`--${form.boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n`),
        Buffer.from(part.type ? `Content-Type: ${part.type}\r\n\r\n` : '\r\n'),
        part.data === 'png' ? png : part.data === 'png-head' ? png.subarray(0, 40) : Buffer.from(part.data),
        Buffer.from('\r\n'),
      );
    }
    if (form.close) chunks.push(Buffer.from(`--${form.boundary}--\r\n`));
    let payload = Buffer.concat(chunks);
    if (form.cutAt !== null && payload.length > 0) payload = payload.subarray(0, form.cutAt % payload.length);
    const type = form.declareBoundary
      ? `multipart/form-data; boundary=${form.boundary}`
      : 'multipart/form-data';
    return { payload, type };
  }

  function encode(body: Body): { payload?: Buffer | string; type?: string } {
    switch (body.kind) {
      case 'none':
        return {};
      case 'json':
      case 'fields':
        return { payload: JSON.stringify(body.value) ?? 'null', type: 'application/json' };
      case 'multipart':
        return multipartBody(body.value);
      case 'raw':
        return { payload: Buffer.from(body.value), type: body.type };
    }
  }

  it('finds the admin routes in the app, the inbox, uploads and content writes among them', () => {
    const names = routes.map((route) => `${route.method} ${route.path}`);
    for (const expected of [
      'GET /api/admin/requests',
      'GET /api/admin/requests/export.csv',
      'PUT /api/admin/requests/:id/status',
      'POST /api/uploads',
      'GET /api/admin/uploads',
      'POST /api/news/create',
      'DELETE /api/events/delete/:id',
      'GET /api/admin/content/news',
      'GET /api/admin/content/events/:id',
      'GET /api/admin/content/news/:id/preview',
      'GET /api/admin/content/events/:id/preview',
    ]) {
      expect(names).toContain(expected);
    }
    expect(routes.find((route) => route.path === '/api/admin/requests')?.queryKeys).toContain('from');
    // The sensitive ones, and the confirmation they ask for first.
    for (const expected of [
      'POST /api/admin/admins',
      'DELETE /api/admin/admins/:id',
      'PUT /api/admin/settings/retention',
      'POST /api/admin/me/second-factor/disable',
      'POST /api/admin/me/confirm',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('never answers an admin with a 5xx, whatever the query, body and path parameters', async () => {
    const bodies = (route: AdminRoute): fc.Arbitrary<Body> =>
      fc.oneof(
        fc.constant<Body>({ kind: 'none' }),
        fc.jsonValue({ maxDepth: 3 }).map<Body>((value) => ({ kind: 'json', value })),
        fc
          .dictionary(
            fc.oneof(fc.constantFrom(...route.bodyKeys, 'x', '__proto__'), fc.string({ maxLength: 8 })),
            jsonValue,
            { maxKeys: 4 },
          )
          .map<Body>((value) => ({ kind: 'fields', value })),
        multipart.map<Body>((value) => ({ kind: 'multipart', value })),
        fc
          .record({
            type: fc.constantFrom(
              'text/plain',
              'application/json',
              'image/png',
              'application/x-www-form-urlencoded',
            ),
            value: fc.uint8Array({ maxLength: 120 }),
          })
          .map<Body>(({ type, value }) => ({ kind: 'raw', type, value })),
      );
    const requests = fc.constantFrom(...routes).chain((route) =>
      fc.record({
        route: fc.constant(route),
        // Mostly one key the route's schema names, so that a bad value is not hidden behind another
        // key's validation error; sometimes several keys, any names, repeated.
        query: fc.oneof(
          {
            arbitrary: fc
              .tuple(fc.constantFrom(...route.queryKeys, 'q'), queryValue)
              .map(([key, value]) => ({ [key]: value }) as Record<string, string | string[]>),
            weight: 3,
          },
          {
            arbitrary: fc.dictionary(
              fc.oneof(fc.constantFrom(...route.queryKeys, 'page'), fc.string({ maxLength: 8 })),
              fc.oneof(queryValue, fc.array(queryValue, { minLength: 2, maxLength: 3 })),
              { maxKeys: 4 },
            ),
            weight: 1,
          },
        ),
        param: fc.oneof(anyText, fc.uuid(), fc.constantFrom('x', '0', '%', '..')),
        body:
          route.method === 'GET' || route.method === 'DELETE'
            ? fc.constant<Body>({ kind: 'none' })
            : bodies(route),
      }),
    );

    await fc.assert(
      fc.asyncProperty(requests, async ({ route, query, param, body }) => {
        const search = new URLSearchParams();
        for (const [key, value] of Object.entries(query)) {
          for (const item of [value].flat()) search.append(key, item.toWellFormed());
        }
        // Past the router's parameter limit Fastify answers 414 by itself (attacks.test.ts shows it).
        const id = encodeURIComponent(param.toWellFormed()).length <= 500 ? param || 'x' : param.slice(0, 40);
        const url = fillParams(route.path, id) + (search.size > 0 ? `?${search}` : '');
        const { payload, type } = encode(body);
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: {
            cookie: cookieHeader(admin.jar),
            'x-xsrf-token': admin.token,
            ...(type ? { 'content-type': type } : {}),
          },
          ...(payload !== undefined ? { payload } : {}),
        });
        collectCookies(response, admin.jar);
        expectWellFormed(response, `${route.method} ${url.slice(0, 200)} ${body.kind}`);
        // A generated logout or password change may end the session the next runs rely on.
        if (!admin.jar.sid || response.statusCode === 401) await signIn();
      }),
      { numRuns: RUNS, seed },
    );
  }, 90_000);
});
