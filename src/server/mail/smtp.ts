import { performance } from 'node:perf_hooks';
import { Readable, type Writable } from 'node:stream';
import { createTransport, type SendMailOptions } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import wellKnown from 'nodemailer/lib/well-known';

/**
 * One SMTP transaction per message, like nodemailer's SMTP transport, with one difference: the caller
 * may hold back the end of the data. The message is composed first (nodemailer's own composer, so it is
 * the same message the transport would send); only once the mail server has taken DATA (354) does the
 * connection read it, and the body goes out whole. Then `beforeEnd` runs, and only when it lets the end
 * go (or resolves) is the data ended, and the connection writes the final "<CRLF>.<CRLF>" to its
 * socket within that call. A server that never
 * gets that line has no message (RFC 5321 §3.3, §4.1.1.10), so everything before it is safe to repeat
 * (decision 039).
 */

export interface SmtpTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

/** Where the message was when a send ended. */
export type SmtpStage = 'before-end' | 'after-end';

export interface SendOptions {
  /** Ends the send (the connection is closed) wherever it is. */
  signal?: AbortSignal;
  /**
   * Runs once the whole body has been written to the connection and before the end of data is. The end
   * goes out when it calls `end` (at once, in the same turn) or else when it resolves. If it rejects
   * before that, the connection is closed without the end; a rejection after `end` changes nothing,
   * since the end is already on its way.
   */
  beforeEnd?: (end: () => void) => Promise<void>;
  /** Told when (`performance.now()`) the end of data has been handed to the socket. */
  onEnd?: (endedAt: number) => void;
}

/**
 * A failed send, with nodemailer's `code` and the server's `responseCode` (if it answered), and whether
 * the end of data had gone out: then, without an answer, the server may have the message.
 */
export class SmtpSendError extends Error {
  readonly stage: SmtpStage;
  readonly code: string | undefined;
  readonly responseCode: number | undefined;
  constructor(cause: unknown, stage: SmtpStage) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    const { code, responseCode } = (cause ?? {}) as { code?: unknown; responseCode?: unknown };
    this.name = 'SmtpSendError';
    this.stage = stage;
    this.code = typeof code === 'string' ? code : undefined;
    this.responseCode = typeof responseCode === 'number' ? responseCode : undefined;
  }

  /** The end of data went out and no answer came: the server may or may not have kept the message. */
  get unanswered(): boolean {
    return this.stage === 'after-end' && this.responseCode === undefined;
  }
}

export interface SmtpSender {
  send(message: SendMailOptions, options?: SendOptions): Promise<void>;
}

export function createSmtpSender(url: string, timeouts: SmtpTimeouts): SmtpSender {
  const parsed = parseConnectionUrl(url);
  const { auth, service, ...rest } = parsed;
  const connectionOptions = {
    ...(service ? (wellKnown(service) ?? {}) : {}),
    ...rest,
    ...timeouts,
  } as ConstructorParameters<typeof SMTPConnection>[0] & { forceAuth?: boolean };
  const login = auth ? { credentials: { user: auth.user, pass: auth.pass } } : undefined;
  // Composes without sending: the same message, headers and envelope as nodemailer's SMTP transport.
  const composer = createTransport({ streamTransport: true, buffer: true });

  return {
    async send(message, options = {}) {
      const composed = await composer.sendMail(message);
      const raw = composed.message as Buffer;
      await transfer(connectionOptions, login, composed.envelope, raw, options);
    },
  };
}

function transfer(
  connectionOptions: ConstructorParameters<typeof SMTPConnection>[0] & { forceAuth?: boolean },
  login: { credentials: { user: string; pass: string } } | undefined,
  envelope: { from: string | false; to: string[] },
  raw: Buffer,
  options: SendOptions,
): Promise<void> {
  const { signal, beforeEnd, onEnd } = options;
  return new Promise<void>((resolve, reject) => {
    const connection = new SMTPConnection(connectionOptions);
    let settled = false;
    let ended = false;
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      connection.close();
      if (error === undefined) resolve();
      else reject(new SmtpSendError(error, ended ? 'after-end' : 'before-end'));
    };
    const onAbort = () => finish(signal?.reason ?? new Error('aborted'));
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    connection.on('error', (error: unknown) => finish(error));
    connection.once('end', () =>
      finish(Object.assign(new Error('Connection closed'), { code: 'ECONNECTION' })),
    );

    // Read only by the connection, and only after the server answered DATA: first the whole body, then
    // (at the next read, once the body has gone on to the socket) the end, after `beforeEnd`.
    let reads = 0;
    let dataStream: Writable | undefined;
    const body = new Readable({
      read() {
        reads += 1;
        if (reads === 1) {
          this.push(raw);
          return;
        }
        if (reads > 2) return;
        if (!beforeEnd) {
          ended = true;
          this.push(null);
          return;
        }
        // This read comes before the body is handed on; the body goes to the socket in this very turn.
        setImmediate(() => holdEnd(this));
      },
    });
    const holdEnd = (stream: Readable) => {
      if (settled || !beforeEnd) return;
      const end = () => {
        if (settled || ended) return;
        ended = true;
        if (!dataStream) {
          stream.push(null);
          return;
        }
        // The data stream is ended here rather than through the body: its final dot then reaches the
        // socket within this call, right after whatever the caller wrote before calling (the mark's
        // COMMIT), instead of a few ticks later, through the body's end and the pipe.
        stream.unpipe(dataStream);
        dataStream.end();
        onEnd?.(performance.now());
        stream.push(null);
      };
      beforeEnd(end).then(end, (error: unknown) => {
        if (!ended) stream.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    };
    // The connection pipes the body into its data stream, which adds the end of data when it ends.
    const pipe = body.pipe.bind(body);
    body.pipe = <T extends NodeJS.WritableStream>(destination: T, pipeOptions?: { end?: boolean }): T => {
      dataStream = destination as unknown as Writable;
      return pipe(destination, pipeOptions);
    };

    connection.connect((error?: Error | null) => {
      if (settled) return;
      if (error) return finish(error);
      const send = () =>
        connection.send(envelope, body, (sendError) => (sendError ? finish(sendError) : finish()));
      if (login && (connection.allowsAuth || connectionOptions.forceAuth)) {
        connection.login(login, (loginError) => (loginError ? finish(loginError) : send()));
      } else send();
    });
  });
}
