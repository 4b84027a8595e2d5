import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';

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
