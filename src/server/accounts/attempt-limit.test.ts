import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, TEST_ADMIN, createTestApp, type TestApp } from '../test/app.ts';
import { memoryCounter } from './attempt-limit.ts';

describe('the in-memory fallback counter', () => {
  it('allows max in a window, refuses beyond, and starts again when the window ends', () => {
    let now = 0;
    const exceeded = memoryCounter(2, 1_000, () => now);
    expect([exceeded('a'), exceeded('a'), exceeded('a'), exceeded('b')]).toEqual([false, false, true, false]);
    now = 1_000;
    expect(exceeded('a')).toBe(false);
  });
});

// Nothing listens on port 1: every call to the shared store fails at once.
describe('login attempts while Redis is out of reach', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { redisUrl: 'redis://127.0.0.1:1', loginRateLimit: 3 });
  });
  afterAll(async () => t.close());

  it('are still limited per account, counted in memory', async () => {
    const browser = new Browser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await browser.request('POST', '/api/auth/login', {
        ...TEST_ADMIN,
        password: `mal-${i}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // The right password does not get through the limit either.
    expect((await browser.request('POST', '/api/auth/login', TEST_ADMIN)).statusCode).toBe(429);
  });
});
