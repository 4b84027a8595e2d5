import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queueMail } from '../mail/outbox.repository.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';

describe.each(testDialects)('health on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.app.db.deleteFrom('outbox').execute();
  });

  const health = async (query = '') => {
    const response = await t.app.inject(`/api/health${query}`);
    return { status: response.statusCode, body: response.json() };
  };

  it('names the running version and an empty outbox', async () => {
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+(\+[0-9a-f]{7,12})?$/),
      mail: { oldestUnsentSeconds: null, failed: 0 },
      // One instance without Redis: its limits count in its own memory.
      rateLimits: 'local',
    });
  });

  it('tells how long mail has waited and how much failed, and says no more than that', async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await queueMail(
      t.app.db,
      [{ purpose: 'ack', to: 'ana@example.com', subject: 'Hola', text: 'Hola' }],
      'a@b.mx',
      twoHoursAgo,
    );
    await queueMail(
      t.app.db,
      [{ purpose: 'ack', to: 'bea@example.com', subject: 'Hola', text: 'Hola' }],
      'a@b.mx',
    );
    // Written for later: not waiting until its time.
    await queueMail(
      t.app.db,
      [
        {
          purpose: 'reminder',
          to: 'eva@example.com',
          subject: 'Hola',
          text: 'Hola',
          sendAt: new Date(Date.now() + 3_600_000).toISOString(),
        },
      ],
      'a@b.mx',
      new Date(Date.now() - 5 * 3_600_000),
    );
    await t.app.db
      .updateTable('outbox')
      .set({ status: 'failed' })
      .where('to_address', '=', 'bea@example.com')
      .execute();

    const relaxed = await health();
    expect(relaxed.status).toBe(200);
    expect(relaxed.body.mail.failed).toBe(1);
    expect(relaxed.body.mail.oldestUnsentSeconds).toBeGreaterThanOrEqual(7_200);
    expect(relaxed.body.mail.oldestUnsentSeconds).toBeLessThan(7_300);
    expect(JSON.stringify(relaxed.body)).not.toMatch(/example\.com/);

    const strict = await health('?strict=1');
    expect(strict.status).toBe(503);
    expect(strict.body.status).toBe('mail-stuck');
  });

  it('passes the strict check while mail waits less than an hour', async () => {
    await queueMail(
      t.app.db,
      [{ purpose: 'ack', to: 'ana@example.com', subject: 'Hola', text: 'Hola' }],
      'a@b.mx',
      new Date(Date.now() - 50 * 60_000),
    );
    const { status, body } = await health('?strict=1');
    expect(status).toBe(200);
    expect(body.mail.oldestUnsentSeconds).toBeGreaterThanOrEqual(3_000);
  });
});

describe('health when the outbox cannot be read after the ping', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t.close());

  it('answers its own 503, never a 500', async () => {
    // The ping still works; the outbox's reads fail, as when the database goes away between them.
    await t.app.db.schema.dropTable('outbox').execute();
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      version: expect.any(String),
      rateLimits: 'local',
    });
  });
});
