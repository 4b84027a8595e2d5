import { describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { MAIL, outboxRows, testWorker, mailTestBed } from '../test/mail.ts';
import { cancelPendingMail, queueMail, type OutboxMessage } from './outbox.repository.ts';

const bulk = (n: number): OutboxMessage => ({
  purpose: 'newsletter',
  to: `socia${n}@example.com`,
  subject: `Boletín ${n}`,
  text: 'Hola',
  stream: 'bulk',
  refId: `campaign:${n}`,
});
const ack: OutboxMessage = {
  purpose: 'ack',
  to: 'ana@example.com',
  subject: 'Recibimos tu solicitud',
  text: 'Hola',
};

describe.each(testDialects)('the outbox beyond plain text on %s', (dialect) => {
  const bed = mailTestBed(dialect);

  it('sends an HTML part, extra headers and a text attachment as stored', async () => {
    await queueMail(
      bed.handle.db,
      [
        {
          purpose: 'registration-confirmed',
          to: 'ana@example.com',
          subject: 'Tu lugar está confirmado',
          text: 'Texto',
          html: '<p>Texto</p>',
          headers: { 'List-Unsubscribe': '<https://sitio.example.org/Boletin/baja/x>\r\nBcc: x@y.z' },
          attachments: [
            {
              filename: 'evento.ics',
              contentType: 'text/calendar; method=PUBLISH',
              content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR',
            },
          ],
          refId: 'registration-1',
        },
      ],
      MAIL.mailFrom,
    );
    const worker = testWorker(bed.handle.db, dialect, { smtpUrl: bed.peer.url });
    expect(await worker.runOnce()).toBe(1);
    const [message] = await bed.peer.waitForMessages(1);
    expect(message?.html).toContain('<p>Texto</p>');
    expect(message?.text).toContain('Texto');
    // A header value stays one line: what would start another header is folded into it.
    expect(message?.raw).toMatch(
      /^List-Unsubscribe: <https:\/\/sitio\.example\.org\/Boletin\/baja\/x> Bcc: x@y\.z\r?$/m,
    );
    expect(message?.headers.has('bcc')).toBe(false);
    expect(message?.envelope.to).toEqual(['ana@example.com']);
    expect(message?.headers.get('auto-submitted')).toBe('auto-generated');
    expect(message?.attachments).toEqual([
      expect.objectContaining({ filename: 'evento.ics', contentType: 'text/calendar' }),
    ]);
    expect(message?.attachments[0]?.content).toContain('BEGIN:VCALENDAR');
  });

  it('sends transactional mail first and bulk mail within its rate across passes', async () => {
    await queueMail(bed.handle.db, [1, 2, 3, 4, 5].map(bulk), MAIL.mailFrom);
    await queueMail(bed.handle.db, [ack], MAIL.mailFrom);
    const worker = testWorker(bed.handle.db, dialect, {
      smtpUrl: bed.peer.url,
      batchSize: 10,
      mail: { bulkPerMinute: 2 },
    });
    expect(await worker.runOnce()).toBe(3);
    const first = await bed.peer.waitForMessages(3);
    expect(first.filter((message) => message.subject === 'Recibimos tu solicitud')).toHaveLength(1);
    // The minute's two are spent: the next pass sends nothing, though three are due.
    expect(await worker.runOnce()).toBe(0);
    const rows = await outboxRows(bed.handle.db);
    expect(rows.filter((row) => row.stream === 'bulk' && row.status === 'pending')).toHaveLength(3);
    // A minute later two more go out.
    await bed.handle.db
      .updateTable('outbox')
      .set({ sent_at: new Date(Date.now() - 61_000).toISOString() })
      .where('status', '=', 'sent')
      .execute();
    expect(await worker.runOnce()).toBe(2);
  });

  it('tells listeners of a permanent refusal once its row is marked failed', async () => {
    const [id] = await queueMail(bed.handle.db, [bulk(1)], MAIL.mailFrom);
    const worker = testWorker(bed.handle.db, dialect, { smtpUrl: bed.peer.url });
    const told: [string, boolean, string][] = [];
    worker.onFinalFailure(async (row, { permanent }) => {
      const [stored] = await bed.handle.db
        .selectFrom('outbox')
        .select('status')
        .where('id', '=', row.id)
        .execute();
      told.push([row.id, permanent, stored?.status ?? '']);
    });
    bed.peer.setFault('reject', { times: 1 });
    expect(await worker.runOnce()).toBe(1);
    expect(told).toEqual([[id, true, 'failed']]);
  });

  it('never sends mail cancelled before it went out, by address or by record', async () => {
    await queueMail(bed.handle.db, [bulk(1), bulk(2), { ...ack, to: 'Ana@Example.com' }], MAIL.mailFrom);
    expect(await cancelPendingMail(bed.handle.db, { to: 'ana@example.com' })).toBe(1);
    expect(await cancelPendingMail(bed.handle.db, { refId: 'campaign:2', purpose: 'newsletter' })).toBe(1);
    expect(await cancelPendingMail(bed.handle.db, { refId: 'campaign:2' })).toBe(0);
    const worker = testWorker(bed.handle.db, dialect, { smtpUrl: bed.peer.url });
    expect(await worker.runOnce()).toBe(1);
    const [message] = await bed.peer.waitForMessages(1);
    expect(message?.to).toEqual(['socia1@example.com']);
    const statuses = (await outboxRows(bed.handle.db)).map((row) => row.status).sort();
    expect(statuses).toEqual(['cancelled', 'cancelled', 'sent']);
  });

  it('keeps a message written for later in the outbox until its time', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await queueMail(bed.handle.db, [{ ...ack, purpose: 'reminder', sendAt: later }], MAIL.mailFrom);
    const worker = testWorker(bed.handle.db, dialect, { smtpUrl: bed.peer.url });
    expect(await worker.runOnce()).toBe(0);
    await bed.handle.db.updateTable('outbox').set({ next_attempt_at: new Date().toISOString() }).execute();
    expect(await worker.runOnce()).toBe(1);
  });
});
