import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../src/server/test/smtp-peer.ts';
import { createFaultDatabase, faultDialects, type FaultDatabase } from './harness/databases.ts';
import { FAULT_ADMIN, startServer, waitFor, type ServerProcess } from './harness/server-process.ts';
import { Visitor } from './harness/visitor.ts';

const SUBSCRIBERS = 2_000;
// As in crash.test.ts: long enough that no send outlasts its lease, so the only second offers are of
// messages the dead process had on the wire.
const LEASE_MS = 4_000;

describe.each(faultDialects)('a newsletter send killed with kill -9, on %s', (dialect) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('reaches each of the 2,000 active subscribers with the campaign exactly once after a restart', async () => {
    const database: FaultDatabase = await createFaultDatabase(dialect);
    cleanup.push(() => database.destroy());
    // Each message takes a moment at the peer, so the send lasts seconds and is on the wire at the kill.
    const peer: SmtpPeer = await startSmtpPeer({ latencyMs: 15 });
    cleanup.push(() => peer.stop());
    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: peer.url,
      MAIL_POLL_MS: '100',
      MAIL_LEASE_MS: String(LEASE_MS),
      MAIL_RETRY_BASE_MS: '200',
      NEWSLETTER_RATE_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
    };
    const servers: ServerProcess[] = [];
    cleanup.push(async () => {
      for (const server of servers) await server.stop();
    });
    const first = await startServer({ env });
    servers.push(first);

    // 2,000 active subscribers, written straight into the tables the server has just migrated.
    const reader = database.open();
    const at = new Date().toISOString();
    const emails = Array.from({ length: SUBSCRIBERS }, (_, index) => `socia.${index}@example.org`);
    for (let start = 0; start < SUBSCRIBERS; start += 250) {
      await reader.db
        .insertInto('newsletter_subscribers')
        .values(
          emails.slice(start, start + 250).map((email) => ({
            id: randomUUID(),
            email,
            full_name: null,
            status: 'active' as const,
            source: 'boletin',
            notice_version: '2026-12-03',
            confirm_token_hash: null,
            created_at: at,
            pending_since: null,
            confirmed_at: at,
            unsubscribed_at: null,
            bounced_at: null,
            status_changed_at: at,
          })),
        )
        .execute();
    }

    const admin = new Visitor(first.url);
    expect((await admin.login(FAULT_ADMIN.email, FAULT_ADMIN.password)).status).toBe(200);
    const subject = `Boletín ${dialect} ${randomUUID().slice(0, 8)}`;
    const created = await admin.request('POST', '/api/admin/newsletter/campaigns', {
      data: { subject, html: '<p>Noticias del mes.</p>' },
    });
    expect(created.status).toBe(201);
    const { id } = (created.body as { data: { id: string } }).data;
    expect((await admin.request('POST', `/api/admin/newsletter/campaigns/${id}/send`)).status).toBe(202);

    // Past a quarter of the campaign, the process dies while a message is on the wire (the peer has its
    // DATA and has not answered: the dead process cannot have recorded it as sent).
    const ofCampaign = () => peer.messages.filter((message) => message.subject === subject);
    await waitFor(
      'a quarter of the campaign delivered and one message on the wire',
      () => ofCampaign().length >= SUBSCRIBERS / 4 && peer.inFlight > 0,
      60_000,
      2,
    );
    first.signal('SIGKILL');
    const deliveredAtKill = ofCampaign().length;
    expect(await first.exited).toBe('SIGKILL');
    expect(deliveredAtKill).toBeLessThan(SUBSCRIBERS);
    const onTheWire = await reader.db
      .selectFrom('outbox')
      .select(['message_id'])
      .where('status', '=', 'sending')
      .execute();

    const second = await startServer({ env });
    servers.push(second);
    const outbox = await waitFor(
      'every message of the campaign to be sent',
      async () => {
        const rows = await reader.db
          .selectFrom('outbox')
          .select(['status', 'message_id', 'to_address'])
          .where('purpose', '=', 'newsletter')
          .execute();
        return rows.length === SUBSCRIBERS && rows.every((row) => row.status === 'sent') ? rows : undefined;
      },
      120_000,
      250,
    );
    await waitFor('the last messages to be parsed', () => {
      const ids = new Set(ofCampaign().map((message) => message.messageId));
      return outbox.every((row) => ids.has(row.message_id));
    });
    const admin2 = new Visitor(second.url);
    expect((await admin2.login(FAULT_ADMIN.email, FAULT_ADMIN.password)).status).toBe(200);
    const progress = (await admin2.request('GET', `/api/admin/newsletter/campaigns/${id}`)).body as {
      data: { status: string; total: number; sent: number; failed: number };
    };
    expect(progress.data).toMatchObject({ status: 'sent', total: SUBSCRIBERS, sent: SUBSCRIBERS, failed: 0 });

    // Counted at the SMTP peer, per recipient.
    const perRecipient = new Map<string, { ids: Set<string>; copies: number }>();
    for (const message of ofCampaign()) {
      for (const to of message.envelope.to) {
        const entry = perRecipient.get(to) ?? { ids: new Set<string>(), copies: 0 };
        entry.ids.add(message.messageId ?? '');
        entry.copies += 1;
        perRecipient.set(to, entry);
      }
    }
    const missing = emails.filter((email) => !perRecipient.has(email));
    expect(missing).toEqual([]);
    expect(perRecipient.size).toBe(SUBSCRIBERS);
    // One message per recipient: one Message-ID each, never two different messages of the campaign.
    const twoMessages = [...perRecipient].filter(([, entry]) => entry.ids.size !== 1).map(([to]) => to);
    expect(twoMessages).toEqual([]);
    // A second copy can only be the one message the dead process had on the wire (the peer took it,
    // the process died before it could record it; the next server offered it again after the lease),
    // with the same Message-ID, so a recipient's mail program shows it once: that is "exactly once"
    // for the recipient. Any other copy would be a duplicate send, and fails here.
    const wire = new Set(onTheWire.map((row) => row.message_id));
    const copied = [...perRecipient].filter(([, entry]) => entry.copies > 1);
    for (const [to, entry] of copied) {
      expect(entry.copies, to).toBe(2);
      expect(wire.has([...entry.ids][0]!), `${to} got a second copy of a message not on the wire`).toBe(true);
    }
    console.info(
      `[newsletter crash ${dialect}] delivered before the kill ${deliveredAtKill}/${SUBSCRIBERS}, ` +
        `on the wire ${onTheWire.length}, second copies (same Message-ID) ${copied.length}`,
    );
  }, 240_000);
});
