import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../src/server/test/smtp-peer.ts';
import { createFaultDatabase, type FaultDatabase } from './harness/databases.ts';
import { sleep, startServer, waitFor, FAULT_ADMIN, type ServerProcess } from './harness/server-process.ts';
import { runPool, validRequest, Visitor } from './harness/visitor.ts';

const CONTACT_LIMIT = 6;
/** A client address of its own for each run, so counters left in Redis by other runs never count. */
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe.runIf(process.env.TEST_DATABASE_URL && process.env.REDIS_URL)(
  'two instances on one PostgreSQL database and one Redis',
  () => {
    let database: FaultDatabase;
    let peer: SmtpPeer;
    let a: ServerProcess;
    let b: ServerProcess;

    beforeAll(async () => {
      database = await createFaultDatabase('postgres');
      peer = await startSmtpPeer({ latencyMs: 20 });
      const env = {
        DATABASE_URL: database.url,
        SMTP_URL: peer.url,
        REDIS_URL: process.env.REDIS_URL,
        // Client addresses come from X-Forwarded-For, as behind the load balancer that spreads them.
        TRUST_PROXY: '1',
        CONTACT_RATE_LIMIT: String(CONTACT_LIMIT),
        MAIL_POLL_MS: '50',
        MAIL_LEASE_MS: '5000',
        LOG_LEVEL: 'warn',
      };
      a = await startServer({ env });
      b = await startServer({ env });
    });
    afterAll(async () => {
      await a?.stop();
      await b?.stop();
      await peer?.stop();
      await database?.destroy();
    });

    it('accepts on one instance the session opened on the other, and ends it everywhere at logout', async () => {
      const admin = new Visitor(a.url);
      expect((await admin.login(FAULT_ADMIN.email, FAULT_ADMIN.password)).status).toBe(200);
      admin.baseUrl = b.url;
      expect((await admin.request('GET', '/api/auth/me')).status).toBe(200);
      const created = await admin.request('POST', '/api/partners/create', {
        partners: { name: 'Socia compartida', job: 'Directora', images: [] },
      });
      expect(created.status).toBe(201);
      expect((await admin.request('POST', '/api/auth/logout')).status).toBe(200);
      admin.baseUrl = a.url;
      expect((await admin.request('GET', '/api/auth/me')).status).toBe(401);
    });

    it('holds the contact limit across both instances', async () => {
      const visitor = new Visitor(a.url);
      visitor.headers['x-forwarded-for'] = randomIp();
      await visitor.csrf();
      const statuses: number[] = [];
      for (let i = 0; i < CONTACT_LIMIT * 2; i++) {
        visitor.baseUrl = i % 2 === 0 ? a.url : b.url;
        statuses.push((await visitor.request('POST', '/api/mail/contact', validRequest(i, 'rl'))).status);
      }
      expect(statuses.filter((status) => status === 201)).toHaveLength(CONTACT_LIMIT);
      expect(statuses.slice(CONTACT_LIMIT)).toEqual(Array(CONTACT_LIMIT).fill(429));
    });

    it('never lets both workers deliver the same row', async () => {
      const visitors = [new Visitor(a.url), new Visitor(b.url)];
      const total = 60;
      await runPool(total, 10, async (index) => {
        const visitor = visitors[index % 2]!;
        visitor.headers['x-forwarded-for'] = randomIp();
        const answer = await visitor.request('POST', '/api/mail/contact', validRequest(index, 'two'));
        expect(answer.status).toBe(201);
      });
      const reader = database.open();
      await waitFor(
        'both workers to empty the outbox',
        async () => {
          const pending = await reader.db
            .selectFrom('outbox')
            .select('id')
            .where('status', '!=', 'sent')
            .execute();
          return pending.length === 0;
        },
        30_000,
      );
      await sleep(300);
      const rows = await reader.db.selectFrom('outbox').select('message_id').execute();
      const ids = peer.messages.map((message) => message.messageId);
      expect(rows.length).toBeGreaterThanOrEqual(total * 2);
      expect(ids).toHaveLength(rows.length);
      expect(new Set(ids).size).toBe(ids.length);
      const received = new Set(ids);
      for (const row of rows) expect(received.has(row.message_id)).toBe(true);
    });
  },
);
