import { randomInt } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';

const request = (email: string) => ({
  data: {
    fullName: 'Lucía Méndez',
    company: 'Viento Sur',
    position: 'Ingeniera de campo',
    email,
    phoneNumber: '5512345678',
  },
});

function logLines() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

const health = async (t: TestApp) => (await t.app.inject('/api/health')).json<{ rateLimits: string }>();

// Nothing listens on port 1: every call to Redis fails at once.
describe('public limits while Redis is out of reach', () => {
  const log = logLines();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      'sqlite',
      { redisUrl: 'redis://127.0.0.1:1', contactRateLimit: 2 },
      { logger: log.logger },
    );
  });
  afterAll(async () => t.close());

  it("count in this instance's memory, never fail open, and say so in the log and /api/health", async () => {
    const browser = new Browser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await browser.request('POST', '/api/mail/contact', request(`r${i}@example.org`))).statusCode,
      );
    }
    expect(statuses).toEqual([201, 201, 429, 429]);
    expect((await health(t)).rateLimits).toBe('local');
    const warnings = log.lines.filter((line) => line.includes('rate limits count in this instance only'));
    expect(warnings).toHaveLength(1);
  });
});

describe.runIf(process.env.REDIS_URL)('public limits with Redis', () => {
  const instances: TestApp[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      instances.push(
        await createTestApp('sqlite', {
          redisUrl: process.env.REDIS_URL,
          contactRateLimit: 2,
          trustProxy: 1,
        }),
      );
    }
  });
  afterAll(async () => Promise.all(instances.map((instance) => instance.close())));

  it('are shared by every instance', async () => {
    // A client address of its own, so runs beside this one count apart.
    const client = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
    const [first, second] = instances as [TestApp, TestApp];
    const one = new Browser(first.app);
    const other = new Browser(second.app);
    expect(
      (await one.request('POST', '/api/mail/contact', request('a@example.org'), client)).statusCode,
    ).toBe(201);
    expect(
      (await other.request('POST', '/api/mail/contact', request('b@example.org'), client)).statusCode,
    ).toBe(201);
    expect(
      (await one.request('POST', '/api/mail/contact', request('c@example.org'), client)).statusCode,
    ).toBe(429);
    expect((await health(first)).rateLimits).toBe('shared');
  });
});
