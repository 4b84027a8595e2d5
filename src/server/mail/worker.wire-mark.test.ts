import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { startSmtpPeer } from '../test/smtp-peer.ts';
import { recordSocketWrites } from '../test/socket-writes.ts';
import { MAIL, createClock, testWorker, mailTestBed } from '../test/mail.ts';
import { markAttemptFailed, markOnTheWire, queueMail, type OutboxMessage } from './outbox.repository.ts';

// Decision 039: a bulk message's end of data goes out only after its wire mark is committed, and a
// lapsed bulk row is resent only when it has no mark.

const bulk = (to: string): OutboxMessage => ({
  purpose: 'newsletter',
  to,
  subject: 'Boletín',
  text: 'Noticias del mes',
  html: `<p>Noticias del mes.</p>${'<p>Un párrafo más.</p>'.repeat(200)}<p>FIN-DEL-CUERPO</p>`,
  stream: 'bulk',
});

/** A TCP relay in front of the SMTP peer that keeps what each side sent, and can hold the server's side. */
interface Relay {
  url: string;
  fromClient: () => string;
  fromServer: () => string;
  /** Awaited before each chunk from the server is passed on. */
  beforeServerChunk: (chunk: string) => Promise<void> | void;
  close(): Promise<void>;
}

async function startRelay(target: { host: string; port: number }): Promise<Relay> {
  let client = '';
  let server = '';
  const sockets = new Set<Socket>();
  const relay: Relay = {
    url: '',
    fromClient: () => client,
    fromServer: () => server,
    beforeServerChunk: () => {},
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        listener.close(() => resolve());
      }),
  };
  const listener: Server = createServer((inbound) => {
    const outbound = createConnection(target.port, target.host);
    sockets.add(inbound).add(outbound);
    let chain = Promise.resolve();
    inbound.on('data', (chunk) => {
      client += chunk.toString('latin1');
      outbound.write(chunk);
    });
    outbound.on('data', (chunk) => {
      chain = chain.then(async () => {
        await relay.beforeServerChunk(chunk.toString('latin1'));
        server += chunk.toString('latin1');
        inbound.write(chunk);
      });
    });
    inbound.on('close', () => outbound.destroy());
    outbound.on('close', () => inbound.destroy());
    inbound.on('error', () => {});
    outbound.on('error', () => {});
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address();
  relay.url = `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return relay;
}

/** Lets a test act when the worker's wire mark has been written, before the worker hears of it. */
function onWireMarkWritten(act: () => Promise<void>): KyselyPlugin {
  const marks = new WeakSet<object>();
  return {
    transformQuery(args: PluginTransformQueryArgs) {
      const node = args.node;
      if (
        node.kind === 'UpdateQueryNode' &&
        node.updates?.some((update) => JSON.stringify(update.column).includes('"wire_at"')) &&
        // The claim sets wire_at to null; the mark is the update narrowed to one claim and one row.
        JSON.stringify(node.where).includes('"claim_token"')
      )
        marks.add(args.queryId);
      return node;
    },
    async transformResult(args: PluginTransformResultArgs) {
      if (marks.has(args.queryId)) await act();
      return args.result;
    },
  };
}

const END_OF_DATA = '\r\n.\r\n';

describe.each(testDialects)('the wire mark of bulk mail on %s', (dialect) => {
  const bed = mailTestBed(dialect);
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  const rowOf = (id: string) =>
    bed.handle.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('is written once the mail server has the whole body, and the end of data waits for it', async () => {
    const relay = await startRelay(bed.peer);
    cleanup.push(() => relay.close());
    const [id] = await queueMail(bed.handle.db, [bulk('ana@example.org')], MAIL.mailFrom);
    const seen: Record<string, unknown> = {};
    const db = bed.handle.db.withPlugin(
      onWireMarkWritten(async () => {
        // Not before the transaction reached its data: the server has answered DATA.
        seen.atMark = {
          mailFrom: relay.fromClient().includes('MAIL FROM:<no-responder@example.org>'),
          data: /\r\nDATA\r\n/.test(relay.fromClient()),
          answered354: /\r\n354 /.test(`\r\n${relay.fromServer()}`),
          inFlight: bed.peer.inFlight,
        };
        // The whole body reaches the server while the end of data waits for this mark.
        await expect.poll(() => relay.fromClient().includes('FIN-DEL-CUERPO'), { timeout: 2_000 }).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 200));
        const data = relay.fromClient().slice(relay.fromClient().indexOf('\r\nDATA\r\n') + 8);
        seen.whileHeld = {
          endOfData: data.includes(END_OF_DATA),
          completed: bed.peer.messages.length,
          inFlight: bed.peer.inFlight,
        };
      }),
    );
    const timings: { markMs: number; windowMs: number }[] = [];
    const worker = testWorker(db, dialect, {
      smtpUrl: relay.url,
      onWireMark: (timing) => timings.push(timing),
    });

    expect(await worker.runOnce()).toBe(1);
    expect(seen.atMark).toEqual({ mailFrom: true, data: true, answered354: true, inFlight: 1 });
    expect(seen.whileHeld).toEqual({ endOfData: false, completed: 0, inFlight: 1 });
    const [message] = await bed.peer.waitForMessages(1);
    expect(message?.html).toContain('FIN-DEL-CUERPO');
    expect(relay.fromClient()).toContain(END_OF_DATA);
    const row = await rowOf(id!);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row.wire_at).not.toBeNull();
    expect(row.wire_at! <= row.sent_at!).toBe(true);
    expect(timings).toHaveLength(1);
  });

  it('is not written for transactional mail, which stays at least once', async () => {
    const [id] = await queueMail(
      bed.handle.db,
      [{ purpose: 'ack', to: 'ana@example.org', subject: 'Recibimos tu solicitud', text: 'Hola' }],
      MAIL.mailFrom,
    );
    const worker = testWorker(bed.handle.db, dialect, { smtpUrl: bed.peer.url });
    expect(await worker.runOnce()).toBe(1);
    await bed.peer.waitForMessages(1);
    expect(await rowOf(id!)).toMatchObject({ status: 'sent', wire_at: null });
  });

  it('is refused once the claim is lost, and then the end of data never goes out', async () => {
    const relay = await startRelay(bed.peer);
    cleanup.push(() => relay.close());
    const [id] = await queueMail(bed.handle.db, [bulk('ana@example.org')], MAIL.mailFrom);
    // While the server's answer to DATA is on its way, the lease runs out and another pass takes the row.
    relay.beforeServerChunk = async (chunk) => {
      if (!/^354 /m.test(chunk)) return;
      await bed.handle.db
        .updateTable('outbox')
        .set({ claim_token: 'a-later-claim' })
        .where('id', '=', id!)
        .execute();
    };
    const worker = testWorker(bed.handle.db, dialect, { smtpUrl: relay.url });
    expect(await worker.runOnce()).toBe(1);

    await expect.poll(() => bed.peer.attempts).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(relay.fromClient()).toContain('FIN-DEL-CUERPO');
    expect(relay.fromClient()).not.toContain(END_OF_DATA);
    expect(bed.peer.messages).toHaveLength(0);
    // The later claim's row is left as that claim has it.
    expect(await rowOf(id!)).toMatchObject({
      status: 'sending',
      claim_token: 'a-later-claim',
      wire_at: null,
    });
  });

  it('makes a message whose end went out without an answer uncertain, not resent', async () => {
    const clock = createClock();
    const [id] = await queueMail(bed.handle.db, [bulk('ana@example.org')], MAIL.mailFrom, clock.now());
    bed.peer.setFault('hang', { times: 1 });
    const worker = testWorker(bed.handle.db, dialect, {
      smtpUrl: bed.peer.url,
      now: clock.now,
      sendTimeoutMs: 500,
    });
    expect(await worker.runOnce()).toBe(1);
    const row = await rowOf(id!);
    expect(row).toMatchObject({ status: 'uncertain', attempts: 1, locked_until: null });
    expect(row.wire_at).not.toBeNull();
    expect(row.last_error).toMatch(/recibió el mensaje completo/);

    clock.advance(24 * 60 * 60_000);
    expect(await worker.runOnce()).toBe(0);
    expect(bed.peer.attempts).toBe(1);
  });

  it('resends a message the server answered with a temporary failure, its mark notwithstanding', async () => {
    const clock = createClock();
    const [id] = await queueMail(bed.handle.db, [bulk('ana@example.org')], MAIL.mailFrom, clock.now());
    bed.peer.setFault('tempfail', { times: 1 });
    const worker = testWorker(bed.handle.db, dialect, { smtpUrl: bed.peer.url, now: clock.now });
    expect(await worker.runOnce()).toBe(1);
    expect(await rowOf(id!)).toMatchObject({ status: 'pending', attempts: 1 });

    clock.advance(24 * 60 * 60_000);
    expect(await worker.runOnce()).toBe(1);
    await bed.peer.waitForMessages(1);
    expect(await rowOf(id!)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('after a stopped sender: resends a lapsed bulk row without a mark once, and leaves one with a mark uncertain', async () => {
    const clock = createClock();
    const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
    const [unmarked, marked, leased, transactional] = await queueMail(
      bed.handle.db,
      [
        bulk('a@example.org'),
        bulk('b@example.org'),
        bulk('c@example.org'),
        { purpose: 'ack', to: 'd@example.org', subject: 'Recibimos tu solicitud', text: 'Hola' },
      ],
      MAIL.mailFrom,
      clock.now(),
    );
    // The dead sender's claim: two rows' leases ran out, one of them after its end of data went out;
    // the third row's lease has not run out. Its transactional row had its end out as well.
    const claimed = (id: string, lockedUntil: string, wireAt: string | null) =>
      bed.handle.db
        .updateTable('outbox')
        .set({
          status: 'sending',
          locked_until: lockedUntil,
          claim_token: 'claim-of-a-dead-sender',
          wire_at: wireAt,
        })
        .where('id', '=', id)
        .execute();
    await claimed(unmarked!, at(-1_000), null);
    await claimed(marked!, at(-1_000), at(-20_000));
    await claimed(leased!, at(60_000), null);
    await claimed(transactional!, at(-1_000), null);

    const worker = testWorker(bed.handle.db, dialect, { smtpUrl: bed.peer.url, now: clock.now });
    expect(await worker.runOnce()).toBe(2);
    const received = await bed.peer.waitForMessages(2);
    expect(received.map((message) => message.envelope.to[0]).sort()).toEqual([
      'a@example.org',
      'd@example.org',
    ]);
    expect((await rowOf(unmarked!)).message_id).toBe(
      received.find((message) => message.envelope.to[0] === 'a@example.org')?.messageId,
    );
    expect(await rowOf(unmarked!)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await rowOf(transactional!)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await rowOf(marked!)).toMatchObject({
      status: 'uncertain',
      claim_token: 'claim-of-a-dead-sender',
      locked_until: null,
    });
    expect(await rowOf(leased!)).toMatchObject({ status: 'sending' });

    // Past every lease: the third row had no mark, so it goes out once; nothing goes out twice.
    clock.advance(61_000);
    expect(await worker.runOnce()).toBe(1);
    await bed.peer.waitForMessages(3);
    expect(await rowOf(leased!)).toMatchObject({ status: 'sent' });
    clock.advance(24 * 60 * 60_000);
    expect(await worker.runOnce()).toBe(0);
    const counts = new Map<string, number>();
    for (const message of bed.peer.messages)
      counts.set(message.envelope.to[0]!, (counts.get(message.envelope.to[0]!) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({
      'a@example.org': 1,
      'c@example.org': 1,
      'd@example.org': 1,
    });

    // A late outcome of the uncertain row's very attempt still counts: a failure is known, so it is due.
    const row = await rowOf(marked!);
    expect(
      await markAttemptFailed(bed.handle.db, row, { error: 'x', final: false, nextAttemptAt: at(0) }),
    ).toBe(true);
    expect(await rowOf(marked!)).toMatchObject({ status: 'pending', claim_token: null });
    expect(await worker.runOnce()).toBe(1);
    await bed.peer.waitForMessages(4);
    expect(await rowOf(marked!)).toMatchObject({ status: 'sent' });
  });

  it('measures the moment between a committed mark and the end of data on the socket', async () => {
    await bed.peer.stop();
    bed.peer = await startSmtpPeer({ latencyMs: 15 });
    const count = 100;
    await queueMail(
      bed.handle.db,
      Array.from({ length: count }, (_, n) => bulk(`socia${n}@example.org`)),
      MAIL.mailFrom,
    );
    const timings: { markMs: number; windowMs: number }[] = [];
    const worker = testWorker(bed.handle.db, dialect, {
      smtpUrl: bed.peer.url,
      mail: { bulkPerMinute: 100_000 },
      onWireMark: (timing) => timings.push(timing),
    });
    let sent = 0;
    while (sent < count) sent += await worker.runOnce();
    await bed.peer.waitForMessages(count);
    expect(timings).toHaveLength(count);
    const quantiles = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
      return `p50 ${at(0.5).toFixed(3)} p90 ${at(0.9).toFixed(3)} p99 ${at(0.99).toFixed(3)} max ${at(1).toFixed(3)} ms`;
    };
    console.info(
      `[wire mark ${dialect}] ${count} messages, 10 side by side: mark until its commit is asked for ` +
        `${quantiles(timings.map((t) => t.markMs))}; commit asked for → end of data on the socket ` +
        `${quantiles(timings.map((t) => t.windowMs))}`,
    );
    expect(timings.every((t) => t.markMs >= 0 && t.windowMs >= 0)).toBe(true);
    // The end follows its mark's commit within a few turns of the event loop, not a poll or a timer.
    expect(Math.max(...timings.map((t) => t.windowMs))).toBeLessThan(50);
  });
});

describe.each(testDialects)('markOnTheWire on %s', (dialect) => {
  const bed = mailTestBed(dialect);
  const rowOf = (id: string) =>
    bed.handle.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('lets the end of data go only with the mark committed or its COMMIT already on the socket', async () => {
    const [id] = await queueMail(bed.handle.db, [bulk('ana@example.org')], MAIL.mailFrom);
    await bed.handle.db
      .updateTable('outbox')
      .set({ status: 'sending', claim_token: 'this-claim' })
      .where('id', '=', id!)
      .execute();
    const row = await rowOf(id!);
    // Every write to any socket while the mark is made, in order.
    const { writes, restore } = recordSocketWrites();
    let atCommitting: { commitSent: boolean } | undefined;
    try {
      const marked = await markOnTheWire(bed.handle.db, dialect, row, new Date(), () => {
        atCommitting = { commitSent: writes.some((chunk) => /commit\0/i.test(chunk)) };
      });
      expect(marked).toBe(true);
    } finally {
      restore();
    }
    // SQLite commits inside the statement; PostgreSQL's COMMIT has been written to its socket.
    expect(atCommitting?.commitSent).toBe(dialect === 'postgres');
    expect((await rowOf(id!)).wire_at).not.toBeNull();

    // With the claim gone, nothing is marked and the end of data is never let go.
    await bed.handle.db
      .updateTable('outbox')
      .set({ wire_at: null, claim_token: 'a-later-claim' })
      .where('id', '=', id!)
      .execute();
    let called = false;
    expect(await markOnTheWire(bed.handle.db, dialect, row, new Date(), () => (called = true))).toBe(false);
    expect(called).toBe(false);
    expect((await rowOf(id!)).wire_at).toBeNull();
  });
});
