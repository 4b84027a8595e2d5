import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../src/server/test/smtp-peer.ts';
import { createFaultDatabase, faultDialects, type FaultDatabase } from './harness/databases.ts';
import { FAULT_ADMIN, startServer, waitFor, type ServerProcess } from './harness/server-process.ts';
import { Visitor } from './harness/visitor.ts';

const SUBSCRIBERS = 2_000;
// As in crash.test.ts: long enough that no send outlasts its lease, so the only rows left 'sending'
// are the messages the dead process had claimed.
const LEASE_MS = 4_000;

describe.each(faultDialects)('a newsletter send killed with kill -9, on %s', (dialect) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('reaches each of the 2,000 active subscribers at most once, and counts as uncertain only what was on the wire', async () => {
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
    // DATA and has not answered: the dead process cannot have recorded it as sent, and cannot know
    // whether the peer kept it).
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
    // Settled: each message sent, or, for those the dead process had on the wire, uncertain (decision
    // 036: bulk mail is never offered twice; staff see them and may resend).
    const outbox = await waitFor(
      'every message of the campaign to be settled',
      async () => {
        const rows = await reader.db
          .selectFrom('outbox')
          .select(['status', 'message_id', 'to_address'])
          .where('purpose', '=', 'newsletter')
          .execute();
        return rows.length === SUBSCRIBERS &&
          rows.every((row) => row.status === 'sent' || row.status === 'uncertain')
          ? rows
          : undefined;
      },
      120_000,
      250,
    );
    const sentRows = outbox.filter((row) => row.status === 'sent');
    const uncertainRows = outbox.filter((row) => row.status === 'uncertain');
    await waitFor('the last messages to be parsed', () => {
      const ids = new Set(ofCampaign().map((message) => message.messageId));
      return sentRows.every((row) => ids.has(row.message_id));
    });
    const admin2 = new Visitor(second.url);
    expect((await admin2.login(FAULT_ADMIN.email, FAULT_ADMIN.password)).status).toBe(200);
    const progressOf = async () =>
      (await admin2.request('GET', `/api/admin/newsletter/campaigns/${id}`)).body as {
        data: { status: string; total: number; sent: number; failed: number; uncertain: number };
      };
    const progress = await progressOf();
    expect(progress.data).toMatchObject({
      status: 'sent',
      total: SUBSCRIBERS,
      sent: sentRows.length,
      failed: 0,
      uncertain: uncertainRows.length,
    });

    // Counted at the SMTP peer, per recipient.
    const perRecipient = () => {
      const counted = new Map<string, { ids: Set<string>; copies: number }>();
      for (const message of ofCampaign()) {
        for (const to of message.envelope.to) {
          const entry = counted.get(to) ?? { ids: new Set<string>(), copies: 0 };
          entry.ids.add(message.messageId ?? '');
          entry.copies += 1;
          counted.set(to, entry);
        }
      }
      return counted;
    };
    const received = perRecipient();
    // Exactly once: no subscriber got the campaign twice, not even under the same Message-ID.
    const twice = [...received].filter(([, entry]) => entry.copies !== 1 || entry.ids.size !== 1);
    expect(twice.map(([to]) => to)).toEqual([]);
    // Every subscriber either received it or is counted as possibly not delivered; every message
    // recorded as sent was received.
    const uncertainTo = new Set(uncertainRows.map((row) => row.to_address));
    expect(emails.filter((email) => !received.has(email) && !uncertainTo.has(email))).toEqual([]);
    expect(sentRows.filter((row) => !received.has(row.to_address)).map((row) => row.to_address)).toEqual([]);
    // Only what the dead process had claimed and not settled can be uncertain.
    const wire = new Set(onTheWire.map((row) => row.message_id));
    expect(uncertainRows.length).toBeGreaterThan(0);
    expect(uncertainRows.length).toBeLessThanOrEqual(onTheWire.length);
    expect(uncertainRows.filter((row) => !wire.has(row.message_id))).toEqual([]);
    const deliveredOfUncertain = uncertainRows.filter((row) => received.has(row.to_address)).length;

    // Staff resend them: those the peer never got arrive now; the others get the same message again.
    const resent = await admin2.request('POST', `/api/admin/newsletter/campaigns/${id}/resend-uncertain`);
    expect(resent.status).toBe(202);
    await waitFor('the resent messages to be delivered', async () => {
      const now = await progressOf();
      return now.data.sent === SUBSCRIBERS && perRecipient().size === SUBSCRIBERS;
    });
    expect(emails.filter((email) => !perRecipient().has(email))).toEqual([]);

    console.info(
      `[newsletter crash ${dialect}] delivered before the kill ${deliveredAtKill}/${SUBSCRIBERS}, ` +
        `on the wire ${onTheWire.length}, uncertain ${uncertainRows.length} ` +
        `(of which the peer had received ${deliveredOfUncertain}), second copies 0`,
    );
  }, 240_000);
});
