import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { recordSocketWrites } from '../test/socket-writes.ts';
import { createSmtpSender, SmtpSendError } from './smtp.ts';

// A mail provider as the site meets it in production: STARTTLS on the submission port, and no mail
// without logging in. The server's certificate is smtp-server's own self-signed one, so the URL says
// not to check it (a real provider's certificate is checked, as nodemailer does by default).
const USER = 'sitio@example.org';
const PASSWORD = 'una-clave-de-prueba';
const TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 5_000 };

interface Received {
  user: string | undefined;
  secure: boolean;
  raw: string;
}

async function startProvider(): Promise<{ port: number; received: Received[]; stop: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          user: session.user as string | undefined,
          secure: session.secure,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('the SMTP sender against a provider that requires STARTTLS and a login', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  /** A provider, stopped after the test, and a sender logging in to it with this password. */
  const providerAndSender = async (password: string) => {
    const provider = await startProvider();
    cleanup.push(provider.stop);
    const sender = createSmtpSender(
      `smtp://${encodeURIComponent(USER)}:${password}@127.0.0.1:${provider.port}?tls.rejectUnauthorized=false`,
      TIMEOUTS,
    );
    return { provider, sender };
  };

  it('upgrades the connection, logs in with the URL credentials and delivers, holding the end for beforeEnd', async () => {
    const { provider, sender } = await providerAndSender(PASSWORD);
    let heldWith = -1;
    await sender.send(
      { from: USER, to: 'socia@example.org', subject: 'Boletín de noviembre', text: 'Hola' },
      {
        beforeEnd: async (end) => {
          heldWith = provider.received.length;
          end();
        },
      },
    );
    expect(heldWith).toBe(0);
    expect(provider.received).toHaveLength(1);
    expect(provider.received[0]).toMatchObject({ user: USER, secure: true });
    expect(provider.received[0]!.raw).toContain('Subject: =?UTF-8?');
  });

  it('hands the end of data to the socket within the call that lets it go', async () => {
    // Decision 039: nothing may run between the caller's last write (the mark's COMMIT) and the final
    // dot; a few ticks of the event loop between them are a few more chances for a crash to fall there.
    const { provider, sender } = await providerAndSender(PASSWORD);
    const { writes, restore } = recordSocketWrites();
    let held: { before: string; during: string } | undefined;
    try {
      await sender.send(
        {
          from: USER,
          to: 'socia@example.org',
          subject: 'Boletín',
          text: 'Hola\r\n.\r\nUna línea con un punto',
        },
        {
          beforeEnd: async (end) => {
            const before = writes.join('');
            end();
            held = { before, during: writes.join('').slice(before.length) };
          },
        },
      );
    } finally {
      restore();
    }
    expect(held?.before).toContain('Una l');
    expect(held?.before.endsWith('\r\n.\r\n')).toBe(false);
    // The final dot, after the body's last line break (or with one of its own).
    expect(held?.during).toMatch(/^(\r\n)?\.\r\n$/);
    expect(`${held?.before}${held?.during}`.endsWith('\r\n.\r\n')).toBe(true);
    // The body's own line with a single dot went out escaped, so it did not end the data early.
    expect(held?.before).toContain('\r\n..\r\nUna l');
    expect(provider.received).toHaveLength(1);
    expect(provider.received[0]!.raw).toContain('Hola\r\n.\r\nUna l');
  });

  it('fails before the end of data with a wrong password, so the message may be sent again', async () => {
    const { provider, sender } = await providerAndSender('otra-clave');
    const error = await sender
      .send({ from: USER, to: 'socia@example.org', subject: 'Prueba', text: 'Hola' })
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    expect(error).toBeInstanceOf(SmtpSendError);
    expect(error).toMatchObject({ code: 'EAUTH', stage: 'before-end' });
    expect(provider.received).toHaveLength(0);
  });
});
