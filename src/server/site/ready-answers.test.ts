import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { payloadKeys, type Resource } from '../../shared/api-paths.ts';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { prepareBody } from './prepared-body.ts';
import { ReadyAnswers } from './ready-answers.ts';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request over a real connection, the bytes as they came (no decompression). */
function raw(port: number, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<RawAnswer>((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path, method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** What the connection adds on its own, the same for both ways of answering. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const comparable = (headers: IncomingHttpHeaders | Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !PER_CONNECTION.has(name))
      .map(([name, value]) => [name, String(value)])
      .sort(([a], [b]) => a!.localeCompare(b!)),
  );

const newsInput = (name: string) => ({
  name,
  address: 'CDMX',
  description: `<p>${'Una noticia sobre energía solar comunitaria. '.repeat(20)}</p>`,
  images: [],
});

const resources: Resource[] = ['events', 'news', 'partners'];
const lists = resources.map((resource) => `/api/${resource}/get-all`);

describe.each(testDialects)('the lists answered before the router, on %s', (dialect) => {
  let t: TestApp;
  let port: number;
  let admin: Browser;
  const answered = () => vi.spyOn(t.app.readyAnswers, 'answer');

  beforeAll(async () => {
    t = await createTestApp(dialect, { seedDemo: true });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    admin = new Browser(t.app);
    expect((await admin.login()).statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  it('send exactly what the route sends: every encoding, the 304, the headers', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'gzip, br' },
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'br;q=0, gzip' },
      { 'accept-encoding': 'identity' },
    ];
    for (const url of lists) {
      const etag = String((await raw(port, url)).headers.etag); // the first read makes the list
      for (const headers of [...variants, { 'if-none-match': etag }, { 'if-none-match': `"x", ${etag}` }]) {
        const label = `${url} ${JSON.stringify(headers)}`;
        // The same request, answered by the route (the held answers stepping aside), then by them.
        const aside = answered().mockReturnValue(false);
        const routed = await raw(port, url, headers);
        aside.mockRestore();
        const spy = answered();
        const ready = await raw(port, url, headers);
        expect(
          spy.mock.results.map((result) => result.value),
          label,
        ).toEqual([true]);
        spy.mockRestore();
        expect(ready.status, label).toBe(routed.status);
        // One difference, on purpose: the routed 304 sometimes carries `content-length: 0`, which
        // RFC 9110 (8.6) forbids unless it is the length the 200 would have had; the held 304 never does.
        if (routed.status === 304) {
          expect(routed.headers['content-length'] ?? '0', label).toBe('0');
          delete routed.headers['content-length'];
          expect(ready.headers['content-length'], label).toBeUndefined();
        }
        expect(comparable(ready.headers), label).toEqual(comparable(routed.headers));
        expect(ready.body.equals(routed.body), label).toBe(true);
      }
    }
  });

  it('leave HEAD, a query string, another path and other methods to Fastify', async () => {
    await raw(port, lists[0]!);
    const spy = answered();
    const head = await raw(port, lists[0]!, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect((await raw(port, `${lists[0]}?x=1`)).status).toBe(200);
    expect((await raw(port, '/api/events/get-all/')).status).toBe(404);
    expect((await raw(port, lists[0]!, {}, 'POST')).status).toBe(403);
    expect(spy.mock.results.map((result) => result.value)).toEqual([false, false, false, false]);
    spy.mockRestore();
  });

  it('show a write at once: the held list is dropped and made again', async () => {
    const url = '/api/news/get-all';
    const names = async () =>
      (JSON.parse((await raw(port, url)).body.toString()) as { data: { name: string }[] }).data.map(
        (entry) => entry.name,
      );
    const before = await raw(port, url);
    expect(await names()).not.toContain('Recién publicada');

    const created = await admin.request('POST', '/api/news/create', {
      [payloadKeys.news.createKey]: newsInput('Recién publicada'),
    });
    expect(created.statusCode).toBe(201);
    expect(await names()).toContain('Recién publicada');
    const stale = await raw(port, url, { 'if-none-match': String(before.headers.etag) });
    expect(stale.status).toBe(200);

    const id = created.json<{ data: { id: string } }>().data.id;
    expect((await admin.request('DELETE', `/api/news/delete/${id}`)).statusCode).toBe(200);
    expect(await names()).not.toContain('Recién publicada');
    expect((await raw(port, url)).body.equals(before.body)).toBe(true);
  });
});

describe('ReadyAnswers', () => {
  it('holds nothing once closed, so a closing server answers through Fastify', async () => {
    const answers = new ReadyAnswers();
    answers.set('/a', await prepareBody('{"data":[]}'), { 'content-type': 'application/json' });
    const get = { method: 'GET', url: '/a', headers: {} } as never;
    const response = { writeHead: vi.fn(), end: vi.fn() } as never;
    expect(answers.answer(get, response)).toBe(true);
    answers.close();
    expect(answers.answer(get, response)).toBe(false);
    answers.set('/a', await prepareBody('{"data":[]}'), {});
    expect(answers.answer(get, response)).toBe(false);
  });
});
