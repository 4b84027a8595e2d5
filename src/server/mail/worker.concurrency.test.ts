import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/databases.ts';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.ts';
import { storeRequest } from '../requests/accept-request.ts';
import { MAIL, contactRequest, outboxRows, testWorker } from '../test/mail.ts';
import type { MailWorker } from './worker.ts';

const REQUESTS = 20;

/** Runs passes until one finds nothing due; returns how many rows this worker tried. */
async function drain(worker: MailWorker): Promise<number> {
  let total = 0;
  for (let tried = await worker.runOnce(); tried > 0; tried = await worker.runOnce()) total += tried;
  return total;
}

// Several app instances share one PostgreSQL database: their workers must split the outbox, never
// both send a row. SQLite gets the same check, with two handles on one file.
describe.each(testDialects)('two mail workers on %s', (dialect) => {
  let testDb: TestDatabase;
  let peer: SmtpPeer;

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    // A little latency per message keeps both workers busy at the same time.
    peer = await startSmtpPeer({ latencyMs: 15 });
  });
  afterAll(async () => {
    await peer.stop();
    await testDb.destroy();
  });

  it('never send the same row twice', async () => {
    const first = await testDb.open();
    const second = await testDb.open();
    try {
      for (let i = 0; i < REQUESTS; i += 1) {
        await storeRequest(first.db, { ...contactRequest, fullName: `Persona ${i}` }, MAIL);
      }
      const workers = [first, second].map((handle) =>
        testWorker(handle.db, dialect, { smtpUrl: peer.url, batchSize: 3 }),
      );

      const tried = await Promise.all(workers.map(drain));

      const rows = await outboxRows(first.db);
      expect(rows).toHaveLength(REQUESTS * 2);
      expect(tried[0]! + tried[1]!).toBe(REQUESTS * 2);
      expect(tried.every((count) => count > 0)).toBe(true);
      expect(peer.messages).toHaveLength(REQUESTS * 2);
      const counts = new Map<string | undefined, number>();
      for (const message of peer.messages)
        counts.set(message.messageId, (counts.get(message.messageId) ?? 0) + 1);
      expect([...counts.values()].every((count) => count === 1)).toBe(true);
      expect([...counts.keys()].sort()).toEqual(rows.map((row) => row.message_id).sort());
      expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
