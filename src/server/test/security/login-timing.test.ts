import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_COST, TEST_PASSWORD_COST, usePasswordCostForTests } from '../../accounts/password.ts';
import { Browser, TEST_ADMIN, createTestApp, type TestApp } from '../app.ts';

const TRIES = 9;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('a failed login takes as long whether or not the account exists', () => {
  let t: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    // Measured at the real cost: the tests' low one is too fast to tell a decoy hash from none.
    usePasswordCostForTests(PASSWORD_COST);
    t = await createTestApp('sqlite', { loginRateLimit: 1_000 });
    browser = new Browser(t.app);
    // The first unknown account computes the decoy hash once; warm both paths up before measuring.
    await browser.login('nadie@example.org', 'equivocada');
    await browser.login(TEST_ADMIN.email, 'equivocada');
  });
  afterAll(async () => {
    await t?.close();
    usePasswordCostForTests(TEST_PASSWORD_COST);
  });

  it('gives no timing hint that an e-mail belongs to an admin', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    const time = async (email: string, into: number[]) => {
      const started = performance.now();
      const response = await browser.login(email, 'equivocada');
      into.push(performance.now() - started);
      expect(response.statusCode).toBe(401);
    };
    // Interleaved, so a slow moment of the machine weighs on both sides alike.
    for (let i = 0; i < TRIES; i++) {
      await time(TEST_ADMIN.email, known);
      await time(`nadie${i}@example.org`, unknown);
    }
    const ratio = median(known) / median(unknown);
    // Without the decoy hash an unknown account answers in well under a millisecond against tens of
    // milliseconds for scrypt: a ratio of 10 or more. Equal work keeps it near 1.
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
    expect(median(unknown)).toBeGreaterThan(5);
  });
});
