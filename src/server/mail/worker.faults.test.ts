import { beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { storeRequest } from '../requests/accept-request.ts';
import {
  MAIL,
  RETRY_BASE_MS,
  contactRequest,
  createClock,
  outboxRows,
  testWorker,
  mailTestBed,
} from '../test/mail.ts';

// The fixtures' jitter source is fixed at 0.5, so every delay is its nominal value plus 5 %.
const delayFor = (attempts: number) => Math.round(RETRY_BASE_MS * 2 ** (attempts - 1) * 1.05);

describe.each(testDialects)('mail delivery failures on %s', (dialect) => {
  const bed = mailTestBed(dialect);
  let clock: ReturnType<typeof createClock>;
  beforeEach(() => {
    clock = createClock();
  });

  const rowsOf = async (id: string) => outboxRows(bed.handle.db, id);

  it('keeps the request while the server is down, backs off, then delivers exactly once', async () => {
    await bed.peer.down();
    const id = await storeRequest(bed.handle.db, contactRequest, MAIL);
    const worker = testWorker(bed.handle.db, dialect, { smtpUrl: bed.peer.url, now: clock.now });
    expect(
      await bed.handle.db.selectFrom('requests').select('id').where('id', '=', id).execute(),
    ).toHaveLength(1);

    for (const attempts of [1, 2]) {
      const before = clock.now().getTime();
      expect(await worker.runOnce()).toBe(2);
      const after = clock.now().getTime();
      for (const row of await rowsOf(id)) {
        expect(row).toMatchObject({ status: 'pending', attempts, locked_until: null });
        expect(row.last_error).toMatch(/ECONNECTION|ECONNREFUSED/);
        const next = Date.parse(row.next_attempt_at);
        expect(next).toBeGreaterThanOrEqual(before + delayFor(attempts));
        expect(next).toBeLessThanOrEqual(after + delayFor(attempts));
      }
      // Not due yet: the backoff holds.
      expect(await worker.runOnce()).toBe(0);
      clock.advance(delayFor(attempts) + 1_000);
    }

    await bed.peer.up();
    expect(await worker.runOnce()).toBe(2);
    const messages = await bed.peer.waitForMessages(2);
    const rows = await rowsOf(id);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 3],
      ['sent', 3],
    ]);
    expect(messages.map((message) => message.messageId).sort()).toEqual(
      rows.map((row) => row.message_id).sort(),
    );

    clock.advance(24 * 3_600_000);
    expect(await worker.runOnce()).toBe(0);
    expect(bed.peer.messages).toHaveLength(2);
  });

  it('retries after a temporary 4xx answer and then delivers', async () => {
    bed.peer.setFault('tempfail', { times: 2 });
    const id = await storeRequest(bed.handle.db, contactRequest, MAIL);
    const worker = testWorker(bed.handle.db, dialect, { smtpUrl: bed.peer.url, now: clock.now });

    expect(await worker.runOnce()).toBe(2);
    for (const row of await rowsOf(id)) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.last_error).toContain('451');
    }
    expect(bed.peer.attempts).toBe(2);
    expect(bed.peer.messages).toHaveLength(0);

    clock.advance(delayFor(1) + 1_000);
    expect(await worker.runOnce()).toBe(2);
    await bed.peer.waitForMessages(2);
    expect((await rowsOf(id)).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
  });

  it('marks a row failed on a permanent 5xx answer and keeps the error', async () => {
    bed.peer.setFault('reject');
    const id = await storeRequest(bed.handle.db, contactRequest, MAIL);
    const worker = testWorker(bed.handle.db, dialect, { smtpUrl: bed.peer.url, now: clock.now });

    expect(await worker.runOnce()).toBe(2);
    for (const row of await rowsOf(id)) {
      expect(row).toMatchObject({ status: 'failed', attempts: 1, sent_at: null, locked_until: null });
      expect(row.last_error).toMatch(/550/);
      expect(row.last_error).toContain('Message rejected');
    }

    bed.peer.setFault(null);
    clock.advance(24 * 3_600_000);
    expect(await worker.runOnce()).toBe(0);
    expect(bed.peer.attempts).toBe(2);
  });

  it('gives up after the configured number of attempts, keeping the row', async () => {
    await bed.peer.down();
    const id = await storeRequest(bed.handle.db, contactRequest, MAIL);
    const worker = testWorker(bed.handle.db, dialect, {
      smtpUrl: bed.peer.url,
      now: clock.now,
      mail: { maxAttempts: 2 },
    });

    expect(await worker.runOnce()).toBe(2);
    expect((await rowsOf(id)).map((row) => row.status)).toEqual(['pending', 'pending']);
    clock.advance(delayFor(1) + 1_000);
    expect(await worker.runOnce()).toBe(2);
    for (const row of await rowsOf(id)) {
      expect(row).toMatchObject({ status: 'failed', attempts: 2 });
      expect(row.last_error).toMatch(/ECONNECTION|ECONNREFUSED/);
    }
    await bed.peer.up();
    clock.advance(24 * 3_600_000);
    expect(await worker.runOnce()).toBe(0);
  });

  it('records a timeout when the server never answers, and retries later', async () => {
    bed.peer.setFault('hang', { times: 2 });
    const id = await storeRequest(bed.handle.db, contactRequest, MAIL);
    const worker = testWorker(bed.handle.db, dialect, {
      smtpUrl: bed.peer.url,
      now: clock.now,
      timeouts: { connectionTimeout: 300, greetingTimeout: 300, socketTimeout: 300 },
    });

    const started = Date.now();
    expect(await worker.runOnce()).toBe(2);
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const row of await rowsOf(id)) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.last_error).toMatch(/ETIMEDOUT.*Timeout/);
    }

    clock.advance(delayFor(1) + 1_000);
    expect(await worker.runOnce()).toBe(2);
    await bed.peer.waitForMessages(2);
  });

  it('ends a send that outlasts its share of the lease', async () => {
    bed.peer.setFault('hang', { times: 2 });
    const id = await storeRequest(bed.handle.db, contactRequest, MAIL);
    const worker = testWorker(bed.handle.db, dialect, {
      smtpUrl: bed.peer.url,
      now: clock.now,
      mail: { leaseMs: 600 },
    });

    expect(await worker.runOnce()).toBe(2);
    for (const row of await rowsOf(id)) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.last_error).toMatch(/EABORT|abort/i);
    }
  });

  it('retries when the connection drops in the middle of the message', async () => {
    bed.peer.setFault('drop', { times: 2 });
    const id = await storeRequest(bed.handle.db, contactRequest, MAIL);
    const worker = testWorker(bed.handle.db, dialect, { smtpUrl: bed.peer.url, now: clock.now });

    expect(await worker.runOnce()).toBe(2);
    for (const row of await rowsOf(id)) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.last_error).toBeTruthy();
    }
    expect(bed.peer.messages).toHaveLength(0);

    clock.advance(delayFor(1) + 1_000);
    expect(await worker.runOnce()).toBe(2);
    await bed.peer.waitForMessages(2);
    expect((await rowsOf(id)).map((row) => row.status)).toEqual(['sent', 'sent']);
  });
});
