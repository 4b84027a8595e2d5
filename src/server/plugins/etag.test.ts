import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { etagOf, etagPlugin } from './etag.ts';

describe('ETags on reads only', () => {
  const app = Fastify();
  let stored = 0;
  app.register(etagPlugin);
  app.get('/list', async () => ({ data: ['uno', 'dos'] }));
  app.get('/own', async (_request, reply) => reply.header('etag', 'W/"propia"').send('cuerpo'));
  app.get('/missing', async (_request, reply) => reply.code(404).send({ error: 'No encontrado' }));
  app.post('/form', async (_request, reply) => {
    stored += 1;
    return reply.code(201).send({ data: { id: String(stored) } });
  });
  afterEach(() => {
    stored = 0;
  });

  it('gives a read its ETag, and a 304 with no body when the browser has it', async () => {
    const first = await app.inject({ url: '/list' });
    const etag = first.headers.etag as string;
    expect(etag).toBe(etagOf(first.body));
    for (const ifNoneMatch of [etag, `W/${etag}`, `"otra", ${etag}`, '*']) {
      const again = await app.inject({ url: '/list', headers: { 'if-none-match': ifNoneMatch } });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.body).toBe('');
    }
    const changed = await app.inject({ url: '/list', headers: { 'if-none-match': '"otra"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ data: ['uno', 'dos'] });
  });

  it('keeps an ETag the route set itself', async () => {
    const first = await app.inject({ url: '/own' });
    expect(first.headers.etag).toBe('W/"propia"');
    const again = await app.inject({ url: '/own', headers: { 'if-none-match': '"propia"' } });
    expect(again.statusCode).toBe(304);
  });

  it('gives none to an error', async () => {
    const missing = await app.inject({ url: '/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });

  it('gives none to a write, and never answers a write 304', async () => {
    const sent = await app.inject({ method: 'POST', url: '/form', payload: {} });
    expect(sent.statusCode).toBe(201);
    expect(sent.headers.etag).toBeUndefined();
    const again = await app.inject({
      method: 'POST',
      url: '/form',
      payload: {},
      headers: { 'if-none-match': `*, ${etagOf(sent.body)}` },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ data: { id: '2' } });
    expect(stored).toBe(2);
  });
});
