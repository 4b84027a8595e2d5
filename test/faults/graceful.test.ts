import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpPeer } from '../../src/server/test/smtp-peer.ts';
import { createFaultDatabase } from './harness/databases.ts';
import { sleep, startServer, waitFor, type ServerProcess } from './harness/server-process.ts';
import { validRequest, Visitor } from './harness/visitor.ts';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** Whether a new TCP connection to the port is refused. */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('the real server stopped with SIGTERM', () => {
  it('finishes requests in flight, refuses new connections, keeps its mail and exits 0 within 10 s', async () => {
    const database = await createFaultDatabase('sqlite');
    cleanup.push(() => database.destroy());
    // The mail server takes its time, so a send is on the wire when the signal comes.
    const peer = await startSmtpPeer({ latencyMs: 1_500 });
    cleanup.push(() => peer.stop());
    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: peer.url,
      MAIL_POLL_MS: '100',
      MAIL_LEASE_MS: '6000',
      LOG_LEVEL: 'warn',
    };
    const server: ServerProcess = await startServer({ env });
    cleanup.push(() => server.stop());
    const visitor = new Visitor(server.url);
    const first = await visitor.request('POST', '/api/mail/contact', validRequest(1, 'term'));
    expect(first.status).toBe(201);
    await waitFor('a send to be on the wire', () => peer.attempts > 0);

    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify(validRequest(2, 'term'));
    const half = Math.floor(body.length / 2);
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: '/api/mail/contact',
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            cookie: visitor.cookieHeader,
            'x-xsrf-token': visitor.token,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, half));
      void sleep(1_000).then(() => req.end(body.slice(half)));
    });
    await sleep(200);

    const signalledAt = performance.now();
    server.signal('SIGTERM');
    await sleep(300);
    expect(await connectionRefused(server.port)).toBe(true);

    const slow = await answered;
    expect(slow.status).toBe(201);
    const code = await server.exited;
    expect(code).toBe(0);
    const stoppedIn = performance.now() - signalledAt;
    expect(stoppedIn).toBeLessThan(10_000);
    console.info(`[graceful] exit 0 ${Math.round(stoppedIn)} ms after SIGTERM`);

    // Nothing is left half-claimed: the mail on the wire finished, the rest waits for the next start.
    const reader = database.open();
    const rows = await reader.db.selectFrom('outbox').selectAll().execute();
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(['sent', 'pending']).toContain(row.status);
    const sent = rows.filter((row) => row.status === 'sent');
    expect(sent.length).toBeGreaterThan(0);
    const received = new Set(peer.messages.map((message) => message.messageId));
    for (const row of sent) expect(received.has(row.message_id)).toBe(true);

    const next = await startServer({ env });
    cleanup.push(() => next.stop());
    await waitFor('the pending mail to go out after the restart', () => peer.messages.length >= 4, 15_000);
    await sleep(300);
    const ids = peer.messages.map((message) => message.messageId);
    expect(new Set(ids).size).toBe(4);
    expect(ids).toHaveLength(4);
  });
});
