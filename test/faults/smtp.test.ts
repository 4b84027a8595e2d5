import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import { startSmtpPeer, type SmtpPeer } from '../../src/server/test/smtp-peer.ts';
import { createFaultDatabase, type FaultDatabase } from './harness/databases.ts';
import { outboxOf, waitForOutbox } from './harness/outbox.ts';
import { sleep, startServer, waitFor, type ServerProcess } from './harness/server-process.ts';
import { validRequest, Visitor } from './harness/visitor.ts';

const MAX_ATTEMPTS = 3;
/** A request never waits on SMTP: it is answered once stored, whatever the mail server does. */
const FAST_ANSWER_MS = 1_000;

describe('the real server while the mail server misbehaves', () => {
  let database: FaultDatabase;
  let peer: SmtpPeer;
  let server: ServerProcess;
  let reader: DatabaseHandle;
  let visitor: Visitor;
  let sequence = 0;

  beforeAll(async () => {
    database = await createFaultDatabase('sqlite');
    peer = await startSmtpPeer();
    server = await startServer({
      env: {
        DATABASE_URL: database.url,
        SMTP_URL: peer.url,
        MAIL_POLL_MS: '100',
        MAIL_RETRY_BASE_MS: '200',
        // A send that gets no answer is abandoned after half the lease.
        MAIL_LEASE_MS: '2000',
        MAIL_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
        // Every answer's status is logged (not only the notable ones), which the last test reads.
        LOG_REQUESTS: 'all',
      },
    });
    reader = database.open();
    visitor = new Visitor(server.url);
  });
  afterAll(async () => {
    await server?.stop();
    await peer?.stop();
    await database?.destroy();
  });
  beforeEach(() => {
    peer.setFault(null);
  });

  async function submit(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const answer = await visitor.request('POST', '/api/mail/contact', validRequest(sequence++, 'smtp'));
      expect(answer.status).toBe(201);
      expect(answer.ms).toBeLessThan(FAST_ANSWER_MS);
      ids.push((answer.body as { data: { id: string } }).data.id);
    }
    return ids;
  }

  const receivedCount = (messageId: string) => peer.messages.filter((m) => m.messageId === messageId).length;

  it('delivers every message exactly once when all is well', async () => {
    const ids = await submit(10);
    const rows = await waitForOutbox(reader.db, ids, (row) => row.status === 'sent', 'healthy delivery');
    await sleep(300);
    for (const row of rows) {
      expect(row.attempts).toBe(1);
      expect(receivedCount(row.message_id)).toBe(1);
    }
  });

  it('keeps mail pending while the mail server is down and delivers it once it is back', async () => {
    await peer.down();
    const ids = await submit(3);
    const waiting = await waitForOutbox(
      reader.db,
      ids,
      (row) => row.status === 'pending' && row.attempts >= 1,
      'failed attempts while down',
    );
    for (const row of waiting) expect(row.last_error).toMatch(/ECONNREFUSED|ECONNECTION|connect/i);
    await peer.up();
    const rows = await waitForOutbox(reader.db, ids, (row) => row.status === 'sent', 'delivery after up');
    for (const row of rows) expect(receivedCount(row.message_id)).toBe(1);
  });

  it('retries a temporary 4xx with growing delays and delivers once the server accepts', async () => {
    // Both rows of one request are claimed together, so attempts come in waves of two.
    peer.setFault('tempfail', { times: 4 });
    const before = peer.attempts;
    const times: number[] = [];
    const sampler = setInterval(() => {
      while (times.length < peer.attempts - before) times.push(performance.now());
    }, 2);
    try {
      const ids = await submit(1);
      const rows = await waitForOutbox(reader.db, ids, (row) => row.status === 'sent', 'delivery after 451s');
      for (const row of rows) {
        expect(row.attempts).toBe(3);
        expect(row.last_error).toMatch(/451/);
        expect(receivedCount(row.message_id)).toBe(1);
      }
    } finally {
      clearInterval(sampler);
    }
    expect(times.length).toBeGreaterThanOrEqual(5);
    const firstDelay = times[2]! - times[0]!;
    const secondDelay = times[4]! - times[2]!;
    // Base 200 ms, then doubled; the 100 ms poll adds a little to each.
    expect(firstDelay).toBeGreaterThanOrEqual(190);
    expect(secondDelay).toBeGreaterThanOrEqual(390);
    expect(secondDelay).toBeGreaterThan(firstDelay);
  });

  it('marks mail failed on a permanent 5xx, keeping the answer as its last error', async () => {
    peer.setFault('reject', { times: 2 });
    const ids = await submit(1);
    const rows = await waitForOutbox(reader.db, ids, (row) => row.status === 'failed', 'failure on 550');
    for (const row of rows) {
      expect(row.attempts).toBe(1);
      expect(row.last_error).toMatch(/550/);
      expect(receivedCount(row.message_id)).toBe(0);
    }
    // The request itself is kept, whatever happened to its mail.
    expect(
      await reader.db.selectFrom('requests').select('id').where('id', '=', ids[0]!).execute(),
    ).toHaveLength(1);
  });

  it('gives up after the configured attempts when the failures never stop', async () => {
    peer.setFault('tempfail');
    const ids = await submit(1);
    const rows = await waitForOutbox(reader.db, ids, (row) => row.status === 'failed', 'giving up');
    for (const row of rows) {
      expect(row.attempts).toBe(MAX_ATTEMPTS);
      expect(row.last_error).toMatch(/451/);
    }
    peer.setFault(null);
    await sleep(600);
    for (const row of await outboxOf(reader.db, ids)) expect(row.status).toBe('failed');
  });

  it('retries when the connection drops in the middle of the message', async () => {
    peer.setFault('drop', { times: 2 });
    const ids = await submit(1);
    const rows = await waitForOutbox(reader.db, ids, (row) => row.status === 'sent', 'delivery after drops');
    expect(rows.some((row) => row.attempts > 1 && row.last_error)).toBe(true);
    for (const row of rows) expect(receivedCount(row.message_id)).toBe(1);
  });

  it('gives up on a server that never answers, answers visitors meanwhile, and delivers later', async () => {
    peer.setFault('hang', { times: 2 });
    const ids = await submit(1);
    // While the worker waits on the silent server, visitors are still answered at once.
    await waitFor('a send to start hanging', () => peer.attempts > 0);
    await submit(1).then((more) => ids.push(...more));
    const rows = await waitForOutbox(reader.db, ids, (row) => row.status === 'sent', 'delivery after hangs');
    expect(rows.some((row) => row.attempts > 1 && /timeout|abort/i.test(row.last_error ?? ''))).toBe(true);
    for (const row of rows) expect(receivedCount(row.message_id)).toBe(1);
  });

  it('never sent any message twice and never answered with a 5xx', async () => {
    const ids = peer.messages.map((message) => message.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    const statuses = server.output.flatMap((line) => /"statusCode":(\d{3})/.exec(line)?.[1] ?? []);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((status) => status.startsWith('5'))).toEqual([]);
  });
});
