import { describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { startSmtpPeer } from '../test/smtp-peer.ts';
import { storeRequest } from '../requests/accept-request.ts';
import {
  MAIL,
  contactRequest,
  createClock,
  createLogger,
  mailConfig,
  membershipRequest,
  outboxRows,
  testWorker,
  mailTestBed,
} from '../test/mail.ts';
import { createMailWorker } from './worker.ts';

describe.each(testDialects)('mail delivery on %s', (dialect) => {
  const bed = mailTestBed(dialect);

  it('delivers a contact message and a membership request, each with its acknowledgement', async () => {
    const contactId = await storeRequest(bed.handle.db, contactRequest, MAIL);
    const membershipId = await storeRequest(bed.handle.db, membershipRequest, MAIL);
    const worker = testWorker(bed.handle.db, dialect, { smtpUrl: bed.peer.url });

    expect(await worker.runOnce()).toBe(4);
    const messages = await bed.peer.waitForMessages(4);
    const bySubject = (subject: string) => messages.filter((message) => message.subject === subject);

    const [contact] = bySubject('Nuevo mensaje de contacto: Ana López Ruiz');
    const [membership] = bySubject('Nueva solicitud de membresía (Corporativa): Beatriz Méndez');
    for (const [message, request] of [
      [contact, contactRequest],
      [membership, membershipRequest],
    ] as const) {
      expect(message?.from).toBe('no-responder@example.org');
      expect(message?.to).toEqual(['asociacion@example.org']);
      expect(message?.envelope.to).toEqual(['asociacion@example.org']);
      expect(message?.replyTo).toBe(request.email);
      expect(message?.text).toContain(`Nombre completo: ${request.fullName}`);
      expect(message?.text).toContain(`Empresa: ${request.company}`);
      expect(message?.text).toContain(`Puesto: ${request.position}`);
      expect(message?.text).toContain(`Correo electrónico: ${request.email}`);
      expect(message?.text).toContain(`Teléfono: ${request.phoneNumber}`);
      expect(message?.text).toMatch(/Fecha: \d{1,2} de \w+ de \d{4}/);
    }
    expect(contact?.text).toContain('Tipo de membresía: No aplica');
    expect(membership?.text).toContain('Tipo de membresía: Corporativa');

    const acks = messages.filter((message) => message.subject.startsWith('Recibimos tu'));
    expect(acks.map((ack) => ack.to[0]).sort()).toEqual(['ana@example.com', 'beatriz@example.com']);
    for (const ack of acks) {
      expect(ack.text).toContain('Recibimos tu solicitud');
      expect(ack.replyTo).toBe('asociacion@example.org');
      expect(ack.headers.get('auto-submitted')).toBe('auto-generated');
    }

    const rows = [
      ...(await outboxRows(bed.handle.db, contactId)),
      ...(await outboxRows(bed.handle.db, membershipId)),
    ];
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(Array(4).fill(['sent', 1]));
    expect(rows.every((row) => row.sent_at && row.locked_until === null)).toBe(true);
    expect(messages.map((message) => message.messageId).sort()).toEqual(
      rows.map((row) => row.message_id).sort(),
    );
    expect(rows[0]?.message_id).toMatch(new RegExp(`^<${rows[0]?.id}@example\\.org>$`));

    // Nothing is sent twice.
    expect(await worker.runOnce()).toBe(0);
    expect(bed.peer.messages).toHaveLength(4);
  });

  it('claims no more rows per pass than its batch size', async () => {
    for (let i = 0; i < 3; i += 1) await storeRequest(bed.handle.db, contactRequest, MAIL);
    const worker = testWorker(bed.handle.db, dialect, { smtpUrl: bed.peer.url, batchSize: 4 });
    expect(await worker.runOnce()).toBe(4);
    expect(await worker.runOnce()).toBe(2);
    expect(await worker.runOnce()).toBe(0);
    await bed.peer.waitForMessages(6);
  });

  it('stores spam but never mails it', async () => {
    const id = await storeRequest(bed.handle.db, { ...contactRequest, spam: true }, MAIL);
    const stored = await bed.handle.db
      .selectFrom('requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    expect(stored?.spam).toBe(1);
    expect(await outboxRows(bed.handle.db, id)).toEqual([]);

    const worker = testWorker(bed.handle.db, dialect, { smtpUrl: bed.peer.url });
    expect(await worker.runOnce()).toBe(0);
    expect(bed.peer.attempts).toBe(0);
  });

  it('keeps a forged header out of the message', async () => {
    await storeRequest(
      bed.handle.db,
      { ...contactRequest, fullName: 'Eva\r\nBcc: intruso@example.com' },
      MAIL,
    );
    await testWorker(bed.handle.db, dialect, { smtpUrl: bed.peer.url }).runOnce();
    const messages = await bed.peer.waitForMessages(2);
    const notification = messages.find((message) => message.to[0] === MAIL.mailTo);
    expect(notification?.subject).toBe('Nuevo mensaje de contacto: Eva Bcc: intruso@example.com');
    expect(notification?.headers.has('bcc')).toBe(false);
    expect(messages.flatMap((message) => message.envelope.to)).not.toContain('intruso@example.com');
  });

  it('sends what an earlier process left pending, from a reopened database', async () => {
    const first = await bed.testDb.open();
    const id = await storeRequest(first.db, membershipRequest, MAIL);
    await first.close();

    const worker = testWorker(bed.handle.db, dialect, { smtpUrl: bed.peer.url });
    expect(await worker.runOnce()).toBe(2);
    await bed.peer.waitForMessages(2);
    expect((await outboxRows(bed.handle.db, id)).map((row) => row.status)).toEqual(['sent', 'sent']);
  });

  it('claims again a row whose sender lost its lease, but not one still leased', async () => {
    const clock = createClock();
    const id = await storeRequest(bed.handle.db, contactRequest, MAIL);
    const [notify, ack] = await outboxRows(bed.handle.db, id);
    const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
    const setSending = (rowId: string, lockedUntil: string) =>
      bed.handle.db
        .updateTable('outbox')
        .set({ status: 'sending', attempts: 1, locked_until: lockedUntil })
        .where('id', '=', rowId)
        .execute();
    await setSending(notify!.id, at(-1_000));
    await setSending(ack!.id, at(60_000));

    const worker = testWorker(bed.handle.db, dialect, { smtpUrl: bed.peer.url, now: clock.now });
    expect(await worker.runOnce()).toBe(1);
    const [message] = await bed.peer.waitForMessages(1);
    expect(message?.messageId).toBe(notify!.message_id);
    expect((await outboxRows(bed.handle.db, id)).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 2],
      ['sending', 1],
    ]);

    clock.advance(61_000);
    expect(await worker.runOnce()).toBe(1);
    await bed.peer.waitForMessages(2);
    expect(bed.peer.messages[1]?.messageId).toBe(ack!.message_id);
  });

  it('without an SMTP URL says so once and leaves the mail pending', async () => {
    const lines: string[] = [];
    const id = await storeRequest(bed.handle.db, contactRequest, MAIL);
    const worker = createMailWorker({
      db: bed.handle.db,
      dialect,
      config: mailConfig(undefined),
      log: createLogger(lines),
    });
    worker.start();
    worker.start();
    worker.wake();
    expect(await worker.runOnce()).toBe(0);
    await worker.stop();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, msg: expect.stringContaining('outbox') });
    expect((await outboxRows(bed.handle.db, id)).map((row) => row.status)).toEqual(['pending', 'pending']);
  });

  it('sends right away when woken, and stop waits for the send in progress', async () => {
    await bed.peer.stop();
    bed.peer = await startSmtpPeer({ latencyMs: 300 });
    const worker = testWorker(bed.handle.db, dialect, { smtpUrl: bed.peer.url, mail: { pollMs: 60_000 } });
    expect(() => worker.wake()).not.toThrow();
    worker.start();
    const id = await storeRequest(bed.handle.db, contactRequest, MAIL);
    worker.wake();

    // The poll interval is a minute: only the wake can explain a delivery within seconds.
    await expect.poll(() => bed.peer.attempts, { timeout: 3_000 }).toBeGreaterThan(0);
    await worker.stop();
    expect((await outboxRows(bed.handle.db, id)).map((row) => row.status)).toEqual(['sent', 'sent']);
    expect(bed.peer.messages).toHaveLength(2);
    expect(() => worker.wake()).not.toThrow();
  });
});
