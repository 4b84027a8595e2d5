import type { Socket } from 'node:net';
import { simpleParser, type AddressObject, type HeaderValue } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 for tests: it receives what the app sends, parses it, and can be
 * told to misbehave the way real mail servers do.
 *
 *   const peer = await startSmtpPeer();
 *   config.smtpUrl = peer.url;
 *   ...
 *   const [message] = await peer.waitForMessages(1);
 *   expect(message.subject).toBe('...');
 *   peer.setFault('tempfail', { times: 2 }); // the next two messages get a 451
 *   await peer.down();                       // connections are refused until up()
 *   await peer.stop();                       // in afterEach/afterAll
 *
 * The port stays the same across down()/up(), so a sender configured once keeps working.
 */

/** One accepted message, parsed. Addresses are bare (`ana@example.org`), lower-cased as sent. */
export interface ReceivedMessage {
  /** SMTP envelope: MAIL FROM and RCPT TO. */
  envelope: { from: string; to: string[] };
  /** Header addresses. */
  from: string | undefined;
  to: string[];
  replyTo: string | undefined;
  subject: string;
  text: string;
  /** The HTML part, when there is one. */
  html: string | undefined;
  /** Files sent with the message, their content read as UTF-8 text. */
  attachments: { filename: string | undefined; contentType: string; content: string }[];
  /** With its angle brackets, as in the header. */
  messageId: string | undefined;
  /** Every header, keys lower-cased (mailparser's structured values). */
  headers: Map<string, HeaderValue>;
  raw: string;
  /** When the last byte of the message arrived (Date.now()), before it was parsed and answered. */
  receivedAt: number;
}

/**
 * How the peer answers the next messages, decided at the end of DATA unless said otherwise:
 * - `tempfail`: 451, a temporary failure the sender should retry;
 * - `reject`: 550, a permanent failure;
 * - `drop`: the connection is cut while the message is being transferred (no answer at all);
 * - `hang`: the message is read but the answer never comes (the sender must time out).
 * Being down altogether is `down()`.
 */
export type SmtpFault = 'tempfail' | 'reject' | 'drop' | 'hang';

export interface SmtpPeerOptions {
  /** Delay before answering each accepted message, to make concurrent senders overlap. */
  latencyMs?: number;
}

export interface SmtpPeer {
  readonly host: string;
  readonly port: number;
  /** `smtp://127.0.0.1:<port>`: what a sender's SMTP URL should be. */
  readonly url: string;
  /** Messages accepted so far, in arrival order. */
  readonly messages: readonly ReceivedMessage[];
  /** Transactions that reached DATA, accepted or not: how many times senders tried. */
  readonly attempts: number;
  /** Messages whose DATA has begun and whose answer has not been given yet: mail on the wire. */
  readonly inFlight: number;
  /** Resolves with the first `count` messages once that many arrived; rejects after `timeoutMs`. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMessage[]>;
  /** Misbehave on the next `times` messages (default: until changed); `null` restores normal service. */
  setFault(fault: SmtpFault | null, options?: { times?: number }): void;
  /** Forgets received messages and attempts. */
  clear(): void;
  /** Stops listening and cuts open connections; the port is kept for up(). */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  /** Shuts down for good. */
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';

export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const messages: ReceivedMessage[] = [];
  const waiters = new Set<() => void>();
  const sockets = new Map<number, Socket>();
  let attempts = 0;
  let inFlight = 0;
  let fault: SmtpFault | null = null;
  let faultsLeft = Infinity;
  let server: SMTPServer | undefined;
  let port = 0;

  const nextFault = (): SmtpFault | null => {
    if (!fault) return null;
    const current = fault;
    faultsLeft -= 1;
    if (faultsLeft <= 0) fault = null;
    return current;
  };

  const onData = (
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    callback: (err?: Error | null) => void,
  ): void => {
    attempts += 1;
    inFlight += 1;
    const answer = (err?: Error | null) => {
      inFlight -= 1;
      callback(err);
    };
    const current = nextFault();
    if (current === 'drop') {
      stream.once('data', () => sockets.get(session.remotePort)?.destroy());
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const receivedAt = Date.now();
      if (current === 'hang') return;
      if (current === 'tempfail' || current === 'reject') {
        const code = current === 'tempfail' ? 451 : 550;
        const text = current === 'tempfail' ? '4.3.0 Try again later' : '5.7.1 Message rejected';
        answer(Object.assign(new Error(text), { responseCode: code }));
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      void parse(raw, session, receivedAt)
        .then(async (message) => {
          if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
          messages.push(message);
          for (const wake of waiters) wake();
          answer();
        })
        .catch((error: unknown) => answer(error instanceof Error ? error : new Error(String(error))));
    });
  };

  const listen = async (): Promise<void> => {
    const instance = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 100,
      onData,
    });
    instance.on('error', () => {});
    instance.server.on('connection', (socket: Socket) => {
      const remotePort = socket.remotePort ?? 0;
      sockets.set(remotePort, socket);
      socket.on('close', () => sockets.delete(remotePort));
    });
    await new Promise<void>((resolve, reject) => {
      instance.server.once('error', reject);
      instance.listen(port, HOST, () => {
        instance.server.off('error', reject);
        resolve();
      });
    });
    const address = instance.server.address();
    if (address && typeof address === 'object') port = address.port;
    server = instance;
  };

  const close = async (): Promise<void> => {
    const instance = server;
    server = undefined;
    if (!instance) return;
    for (const socket of sockets.values()) socket.destroy();
    await new Promise<void>((resolve) => instance.close(() => resolve()));
  };

  await listen();

  return {
    host: HOST,
    get port() {
      return port;
    },
    get url() {
      return `smtp://${HOST}:${port}`;
    },
    messages,
    get attempts() {
      return attempts;
    },
    get inFlight() {
      return inFlight;
    },
    waitForMessages(count, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          cleanup();
          resolve(messages.slice(0, count));
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`Expected ${count} message(s) at the SMTP peer, got ${messages.length}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    setFault(next, faultOptions = {}) {
      fault = next;
      faultsLeft = faultOptions.times ?? Infinity;
    },
    clear() {
      messages.length = 0;
      attempts = 0;
    },
    down: close,
    up: async () => {
      if (!server) await listen();
    },
    stop: close,
  };
}

async function parse(raw: string, session: SMTPServerSession, receivedAt: number): Promise<ReceivedMessage> {
  const parsed = await simpleParser(raw);
  const to = parsed.to ? addresses(parsed.to) : [];
  return {
    envelope: {
      from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
      to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
    },
    from: parsed.from ? addresses(parsed.from)[0] : undefined,
    to,
    replyTo: parsed.replyTo ? addresses(parsed.replyTo)[0] : undefined,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: parsed.html || undefined,
    attachments: parsed.attachments.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: file.content.toString('utf8'),
    })),
    messageId: parsed.messageId,
    headers: parsed.headers,
    raw,
    receivedAt,
  };
}

function addresses(field: AddressObject | AddressObject[]): string[] {
  const list = Array.isArray(field) ? field : [field];
  return list.flatMap((group) => group.value.map((entry) => entry.address ?? '')).filter(Boolean);
}
