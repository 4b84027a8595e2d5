import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { RequestLogger } from './request-log.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe("a request's logger", () => {
  it('is made on the first line logged for the request, with its bindings', () => {
    const { lines, stream } = capture();
    const parent = pino({ level: 'info' }, stream);
    const child = vi.spyOn(parent, 'child');
    const logger = new RequestLogger(parent, { reqId: 'req-7' }, {});
    expect(logger.level).toBe('info');
    expect(child).not.toHaveBeenCalled();

    logger.info({ extra: 1 }, 'first');
    logger.warn('second');
    logger.debug('below the level');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([
      expect.objectContaining({ reqId: 'req-7', extra: 1, msg: 'first', level: 30 }),
      expect.objectContaining({ reqId: 'req-7', msg: 'second', level: 40 }),
    ]);
  });

  it("keeps a route's own level", () => {
    const { lines, stream } = capture();
    const logger = new RequestLogger(pino({ level: 'info' }, stream), { reqId: 'req-8' }, { level: 'warn' });
    expect(logger.level).toBe('warn');
    logger.info('quiet');
    logger.error('heard');
    expect(lines.map((line) => line.msg)).toEqual(['heard']);
  });

  it("carries the request id on the app's request lines", async () => {
    const { lines, stream } = capture();
    const t = await createTestApp('sqlite', { logRequests: 'all' }, { logger: { level: 'info', stream } });
    try {
      await t.app.inject({ url: '/api/health' });
      const completed = lines.find((line) => line.msg === 'request completed');
      expect(completed).toMatchObject({ reqId: expect.any(String), res: { statusCode: 200 } });
    } finally {
      await t.close();
    }
  });
});
