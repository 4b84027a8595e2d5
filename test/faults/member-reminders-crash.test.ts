import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, clock, isoDay } from '../../src/shared/clock.ts';
import { startSmtpPeer, type SmtpPeer } from '../../src/server/test/smtp-peer.ts';
import { createFaultDatabase, faultDialects, type FaultDatabase } from './harness/databases.ts';
import { FAULT_ADMIN, startServer, waitFor, type ServerProcess } from './harness/server-process.ts';
import { Visitor } from './harness/visitor.ts';

const MEMBERS = 120;
// As in the other crash tests: no send outlasts its lease, so the only rows left 'sending' are those
// the dead process had claimed.
const LEASE_MS = 3_000;
const REMINDER_SUBJECT = 'Tu membresía vence en 30 días';
const PURPOSES = ['member-reminder-30', 'member-imported'];

interface OutboxSnapshot {
  status: string;
  purpose: string;
  message_id: string;
  to_address: string;
  wire_at: string | null;
}

describe.each(faultDialects)(
  'renewal reminders due when the server is killed with kill -9, on %s',
  (dialect) => {
    const cleanup: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const step of cleanup.splice(0).reverse()) await step();
    });

    it('delivers each member her one due reminder once, across the kill and the restart', async () => {
      const startedAt = Date.now();
      const database: FaultDatabase = await createFaultDatabase(dialect);
      cleanup.push(() => database.destroy());
      // Each message takes a moment at the peer, so the reminders are on the wire at the kill.
      const peer: SmtpPeer = await startSmtpPeer({ latencyMs: 15 });
      cleanup.push(() => peer.stop());
      const env = {
        DATABASE_URL: database.url,
        SMTP_URL: peer.url,
        MAIL_POLL_MS: '100',
        MAIL_LEASE_MS: String(LEASE_MS),
        MAIL_RETRY_BASE_MS: '200',
        // Reminders go on the bulk stream, at the newsletter's rate.
        NEWSLETTER_RATE_PER_MINUTE: '100000',
        LOG_LEVEL: 'warn',
      };
      const servers: ServerProcess[] = [];
      cleanup.push(async () => {
        for (const server of servers) await server.stop();
      });
      // The first process polls its outbox rarely, so nothing leaves while the import is still writing:
      // the import's wake starts the delivery, with every reminder already due.
      const first = await startServer({ env: { ...env, MAIL_POLL_MS: '600000' } });
      servers.push(first);

      // Members whose period ends 20 days from now: the reminder 30 days before is already due (the
      // import writes it, with `notify`, as the latest one passed) and the one 7 days before is not.
      const periodEnd = isoDay(addDays(clock.today(new Date()), 20));
      const tag = randomUUID().slice(0, 8);
      const emails = Array.from({ length: MEMBERS }, (_, index) => `socia.${tag}.${index}@example.org`);
      const csv = [
        'nombre,correo,plan,fin del periodo',
        ...emails.map((email, index) => `Socia ${index},${email},individual,${periodEnd}`),
      ].join('\n');
      const admin = new Visitor(first.url);
      expect((await admin.login(FAULT_ADMIN.email, FAULT_ADMIN.password)).status).toBe(200);
      const imported = await fetch(`${first.url}/api/admin/members/import?notify=1`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv', cookie: admin.cookieHeader, 'x-xsrf-token': admin.token },
        body: csv,
      });
      expect(imported.status).toBe(200);
      expect(((await imported.json()) as { data: { imported: number } }).data.imported).toBe(MEMBERS);

      const reader = database.open();
      const outbox = () =>
        reader.db
          .selectFrom('outbox')
          .select(['status', 'purpose', 'message_id', 'to_address', 'wire_at'])
          .where('purpose', 'in', [...PURPOSES, 'member-reminder-7'])
          .execute() as Promise<OutboxSnapshot[]>;
      const written = await outbox();
      // One due reminder and one welcome per member; the one 7 days before waits for its day.
      expect(written.filter((row) => row.purpose === 'member-reminder-30')).toHaveLength(MEMBERS);
      expect(written.filter((row) => row.purpose === 'member-reminder-7')).toHaveLength(MEMBERS);
      const reminders = () => peer.messages.filter((message) => message.subject === REMINDER_SUBJECT);

      // 1. The process dies while reminders are being delivered and some are on the wire.
      await waitFor(
        'a quarter of the reminders delivered and messages on the wire',
        () => reminders().length >= MEMBERS / 4 && peer.inFlight > 0,
        30_000,
        2,
      );
      const killedAt = Date.now();
      first.signal('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');
      const atKill = (await outbox()).filter((row) => row.status === 'sending');
      const deliveredAtKill = reminders().length;
      expect(deliveredAtKill).toBeLessThan(MEMBERS);
      const marked = new Set(atKill.filter((row) => row.wire_at !== null).map((row) => row.message_id));

      // 2. Restarted, it settles the dead process's rows once their lease lapses, and sends the rest.
      const second = await startServer({ env });
      servers.push(second);
      const due = (row: OutboxSnapshot) => PURPOSES.includes(row.purpose);
      const settled = await waitFor(
        'every due message to be settled',
        async () => {
          const rows = (await outbox()).filter(due);
          return rows.length === 2 * MEMBERS &&
            rows.every((row) => row.status === 'sent' || row.status === 'uncertain')
            ? rows
            : undefined;
        },
        30_000,
        100,
      );
      await waitFor('the last messages to be parsed', () => {
        const ids = new Set(peer.messages.map((message) => message.messageId));
        return settled.every((row) => row.status !== 'sent' || ids.has(row.message_id));
      });
      // A moment more for a late copy, were there one.
      await new Promise((resolve) => setTimeout(resolve, 300));

      // Counted at the SMTP peer, per member and per Message-ID.
      const perMessageId = new Map<string, number>();
      const copies = new Map<string, number>();
      for (const message of reminders()) {
        perMessageId.set(message.messageId ?? '', (perMessageId.get(message.messageId ?? '') ?? 0) + 1);
        for (const to of message.envelope.to) copies.set(to, (copies.get(to) ?? 0) + 1);
      }
      // Exactly once, but for what no sender can know (decision 039): a kill between a wire mark's
      // commit and the message's final dot leaves it `uncertain` and never received; at most one a kill.
      const reminderRows = settled.filter((row) => row.purpose === 'member-reminder-30');
      const lost = reminderRows.filter(
        (row) =>
          row.status === 'uncertain' && marked.has(row.message_id) && !perMessageId.has(row.message_id),
      );
      expect(lost.length).toBeLessThanOrEqual(1);
      const lostEmails = new Set(lost.map((row) => row.to_address));
      // On failure, what became of each member not reached exactly once.
      expect(
        emails
          .filter((email) => copies.get(email) !== 1 && !lostEmails.has(email))
          .map((email) => ({
            email,
            copies: copies.get(email) ?? 0,
            row: reminderRows.find((row) => row.to_address === email),
            atKill: atKill.find((row) => row.to_address === email && row.purpose === 'member-reminder-30'),
          })),
      ).toEqual([]);
      expect([...perMessageId].filter(([, n]) => n !== 1)).toEqual([]);
      // Only a row the dead process had sent whole is uncertain.
      expect(settled.filter((row) => row.status === 'uncertain' && !marked.has(row.message_id))).toEqual([]);
      // The reminders 7 days before still wait for their day: nothing was sent early or twice.
      const later = (await outbox()).filter((row) => row.purpose === 'member-reminder-7');
      expect(later.map((row) => row.status)).toEqual(Array(MEMBERS).fill('pending'));

      // The member's history in the admin says so too.
      const admin2 = new Visitor(second.url);
      expect((await admin2.login(FAULT_ADMIN.email, FAULT_ADMIN.password)).status).toBe(200);
      const list = (await admin2.request('GET', `/api/admin/members?q=${encodeURIComponent(emails[0]!)}`))
        .body as { data: { id: string }[] };
      const detail = (await admin2.request('GET', `/api/admin/members/${list.data[0]!.id}`)).body as {
        data: { reminders: { purpose: string; state: string }[] };
      };
      expect(detail.data.reminders.find((r) => r.purpose === 'member-reminder-7')?.state).toBe('programado');
      expect(['enviado', 'enviando']).toContain(
        detail.data.reminders.find((r) => r.purpose === 'member-reminder-30')?.state,
      );

      console.info(
        `[member reminders crash ${dialect}] killed at ${deliveredAtKill}/${MEMBERS} reminders delivered, ` +
          `${atKill.length} on the wire (${marked.size} sent whole); lost ${lost.length}; ` +
          `killed ${((killedAt - startedAt) / 1000).toFixed(1)} s in, test ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
      );
    }, 90_000);
  },
);
