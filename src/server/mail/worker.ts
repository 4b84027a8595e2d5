import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import {
  bulkAllowance,
  claimDueRows,
  markAttemptFailed,
  markOnTheWire,
  markSent,
  markUnconfirmed,
  releaseClaims,
  settleLapsedBulk,
  UNCONFIRMED_ERROR,
  type MailAttachment,
  type OutboxRow,
} from './outbox.repository.ts';
import { singleLine } from './message.ts';
import { createSmtpSender, SmtpSendError } from './smtp.ts';
import { HOUR_MS } from '../../shared/clock.ts';

export interface MailWorker {
  /** Starts polling the outbox every `mail.pollMs`. Without an SMTP URL it only says so, once. */
  start(): void;
  /** Stops polling and waits for the pass in progress to finish. */
  stop(): Promise<void>;
  /** One pass: claims due rows and tries each once. Returns how many rows it tried. */
  runOnce(): Promise<number>;
  /** Asks a started worker for a pass now (after a commit) rather than at the next poll. Never throws. */
  wake(): void;
  /**
   * Tells `listener` of every message that failed for good (`permanent`: the mail server refused it
   * for good, rather than attempts running out), once its row says so.
   */
  onFinalFailure(listener: FinalFailureListener): void;
}

export type FinalFailureListener = (row: OutboxRow, failure: { permanent: boolean }) => Promise<void> | void;

/** Bulk messages a minute when the configuration does not say. */
const DEFAULT_BULK_PER_MINUTE = 30;

export interface TransportTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

export interface MailWorkerOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'mail'>;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** SMTP timeouts in ms; each defaults to 10 s. */
  timeouts?: Partial<TransportTimeouts>;
  /** Upper bound on one whole send, so it ends inside its lease; defaults to half of `mail.leaseMs`. */
  sendTimeoutMs?: number;
  /** Rows claimed (and sent side by side) per pass. */
  batchSize?: number;
  /** Source of the backoff jitter, in [0, 1). */
  random?: () => number;
  /**
   * Told, for each bulk message, how long its wire mark took until its commit was asked for, and how
   * long from then until its end of data was on the socket (ms): `windowMs` is the moment in which a
   * crash leaves a message uncertain that the server never got whole (decision 039).
   */
  onWireMark?: (timing: { markMs: number; windowMs: number }) => void;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_RETRY_DELAY_MS = HOUR_MS;
const MAX_ERROR_LENGTH = 1_000;

/** Exponential backoff: base × 2^(attempts−1), capped at an hour, plus up to 10 % so retries spread out. */
export function retryDelayMs(attempts: number, baseMs: number, random: () => number = Math.random): number {
  const nominal = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
  return Math.round(nominal * (1 + 0.1 * random()));
}

interface SmtpError {
  code?: string;
  responseCode?: number;
  message?: string;
}

/**
 * Only a 5xx answer about this very message (its envelope or its content) is final. A 5xx at login or
 * greeting says the configuration is wrong, which people can fix, so those rows keep waiting.
 */
export function isPermanentFailure(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as SmtpError;
  if (code !== 'EENVELOPE' && code !== 'EMESSAGE') return false;
  // Without any answer, EENVELOPE means the message itself has no usable recipient.
  return responseCode === undefined ? code === 'EENVELOPE' : responseCode >= 500;
}

export function describeError(error: unknown): string {
  const { code, responseCode, message } = (error ?? {}) as SmtpError;
  const prefix = [code, responseCode].filter((part) => part !== undefined && part !== '').join(' ');
  const text = `${prefix ? `[${prefix}] ` : ''}${message ?? String(error)}`;
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, dialect, config, log } = options;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const batchSize = options.batchSize ?? 10;
  const sendTimeoutMs = options.sendTimeoutMs ?? Math.floor(config.mail.leaseMs / 2);
  const transport = config.smtpUrl
    ? createSmtpSender(config.smtpUrl, {
        connectionTimeout: options.timeouts?.connectionTimeout ?? DEFAULT_TIMEOUT_MS,
        greetingTimeout: options.timeouts?.greetingTimeout ?? DEFAULT_TIMEOUT_MS,
        socketTimeout: options.timeouts?.socketTimeout ?? DEFAULT_TIMEOUT_MS,
      })
    : undefined;
  const { onWireMark } = options;

  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking = false;
  let wakeRequested = false;
  // Passes run one after another, whoever asks for them (the poll loop, wake, a direct runOnce).
  let queue: Promise<unknown> = Promise.resolve();
  // What the database could not be told while it was away, told first at the next pass: outcomes of
  // sends (so a message that went out is not sent again when its lease runs out), and claims whose
  // statement failed (it may have committed, leaving rows 'sending' that nobody sends).
  const unrecorded = new Map<string, () => Promise<unknown>>();
  const uncertainClaims = new Set<string>();
  const finalFailureListeners: FinalFailureListener[] = [];
  const bulkPerMinute = config.mail.bulkPerMinute ?? DEFAULT_BULK_PER_MINUTE;

  async function record(row: OutboxRow, write: () => Promise<unknown>): Promise<unknown> {
    try {
      return await write();
    } catch (error) {
      unrecorded.set(row.id, write);
      log.warn(
        { outboxId: row.id, err: error },
        'mail outcome not recorded; it is written once the database answers',
      );
      return undefined;
    }
  }

  async function catchUp(): Promise<void> {
    for (const [id, write] of unrecorded) {
      await write();
      unrecorded.delete(id);
    }
    if (uncertainClaims.size === 0) return;
    const released = await releaseClaims(db, [...uncertainClaims]);
    uncertainClaims.clear();
    if (released > 0) log.info({ released }, 'mail claimed before a database failure is due again');
  }

  async function send(row: OutboxRow): Promise<void> {
    if (!transport) return;
    // Bulk mail is sent exactly once across a crash: the end of its data goes out only after a durable
    // mark says so (decision 039). Transactional mail needs none: it is sent again when in doubt.
    const bulk = row.stream === 'bulk';
    let markStartedAt = 0;
    let committingAt = 0;
    try {
      await transport.send(
        {
          from: config.mailFrom,
          to: row.to_address,
          replyTo: row.reply_to ?? undefined,
          subject: singleLine(row.subject),
          text: row.body_text,
          ...(row.body_html ? { html: row.body_html } : {}),
          ...(row.attachments ? { attachments: JSON.parse(row.attachments) as MailAttachment[] } : {}),
          messageId: row.message_id,
          // Tells auto-responders (vacation replies and the like) not to answer.
          headers: { ...extraHeaders(row), 'Auto-Submitted': 'auto-generated' },
        },
        {
          signal: AbortSignal.timeout(sendTimeoutMs),
          ...(bulk
            ? {
                beforeEnd: async (end) => {
                  markStartedAt = performance.now();
                  // The end of data goes out in the very turn the mark's commit does (decision 039).
                  const marked = await markOnTheWire(db, dialect, row, now(), () => {
                    committingAt = performance.now();
                    end();
                  });
                  if (!marked) throw new ClaimLostError();
                },
                ...(onWireMark
                  ? {
                      onEnd: (endedAt: number) =>
                        onWireMark({
                          markMs: committingAt - markStartedAt,
                          windowMs: endedAt - committingAt,
                        }),
                    }
                  : {}),
              }
            : {}),
        },
      );
    } catch (error) {
      const attempts = row.attempts + 1;
      if (bulk && error instanceof SmtpSendError && error.unanswered) {
        // The server has the whole message and did not answer: it may have kept it. Not sent again.
        const description = describeError(error);
        const recorded = await record(row, () =>
          markUnconfirmed(db, row, `${UNCONFIRMED_ERROR} (${description})`),
        );
        log.warn(
          { outboxId: row.id, purpose: row.purpose, attempts, error: description, recorded },
          'bulk mail sent whole without an answer is marked uncertain, not resent',
        );
        return;
      }
      const final = isPermanentFailure(error) || attempts >= config.mail.maxAttempts;
      const at = now();
      const nextAttemptAt = new Date(at.getTime() + retryDelayMs(attempts, config.mail.retryBaseMs, random));
      const description = describeError(error);
      const recorded = await record(row, () =>
        markAttemptFailed(db, row, {
          error: description,
          final,
          nextAttemptAt: final ? at.toISOString() : nextAttemptAt.toISOString(),
        }),
      );
      const context = { outboxId: row.id, purpose: row.purpose, attempts, error: description };
      if (recorded === false) log.warn(context, 'mail attempt failed after its claim was lost');
      else if (final) {
        log.error(context, 'mail failed for good; the row stays in the outbox');
        if (recorded !== undefined) await tellFinalFailure(row, isPermanentFailure(error));
      } else
        log.warn(
          { ...context, nextAttemptAt: nextAttemptAt.toISOString() },
          'mail attempt failed; will retry',
        );
      return;
    }
    const sentAt = now();
    log.info({ outboxId: row.id, purpose: row.purpose, attempts: row.attempts + 1 }, 'mail sent');
    await record(row, () => markSent(db, row, sentAt));
  }

  async function tellFinalFailure(row: OutboxRow, permanent: boolean): Promise<void> {
    for (const listener of finalFailureListeners) {
      try {
        await listener(row, { permanent });
      } catch (error) {
        log.error({ err: error, outboxId: row.id }, 'a listener of failed mail failed');
      }
    }
  }

  async function pass(): Promise<number> {
    if (!transport) return 0;
    await catchUp();
    const at = now();
    const claim = {
      now: at,
      lockedUntil: new Date(at.getTime() + config.mail.leaseMs).toISOString(),
      token: randomUUID(),
      limit: batchSize,
    };
    let rows: OutboxRow[];
    try {
      rows = await claimDueRows(db, dialect, claim);
      // Bulk mail fills what transactional mail left of the batch, within its rate. Bulk rows a dead
      // sender left mid-send are settled first: due again if their end of data never went out,
      // uncertain (never offered twice) if it did (decision 039).
      if (rows.length < batchSize) {
        const lapsed = await settleLapsedBulk(db, at);
        if (lapsed.resent > 0)
          log.warn(
            { resent: lapsed.resent },
            'bulk mail a stopped sender left before its end of data is due again',
          );
        if (lapsed.uncertain > 0)
          log.warn(
            { uncertain: lapsed.uncertain },
            'bulk mail a stopped sender left after its end of data is marked uncertain, not resent',
          );
        const allowance = await bulkAllowance(db, at, bulkPerMinute);
        const limit = Math.min(batchSize - rows.length, allowance);
        if (limit > 0)
          rows = rows.concat(await claimDueRows(db, dialect, { ...claim, limit, stream: 'bulk' }));
      }
    } catch (error) {
      uncertainClaims.add(claim.token);
      throw error;
    }
    // Every send settles before the pass ends, so stop() never returns with one still running.
    const results = await Promise.allSettled(rows.map((row) => send(row)));
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    return rows.length;
  }

  function runOnce(): Promise<number> {
    const run = queue.then(pass);
    queue = run.catch(() => undefined);
    return run;
  }

  function schedule(delayMs: number): void {
    if (!started || stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), delayMs);
    // Pending mail is safe in the database; it must not keep a finished process alive.
    timer.unref();
  }

  async function tick(): Promise<void> {
    timer = undefined;
    ticking = true;
    wakeRequested = false;
    let tried = 0;
    try {
      tried = await runOnce();
    } catch (error) {
      log.error({ err: error }, 'mail outbox pass failed');
    } finally {
      ticking = false;
    }
    schedule(tried >= batchSize || wakeRequested ? 0 : config.mail.pollMs);
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      if (!transport) {
        log.warn('SMTP_URL is not set: mail stays in the outbox, unsent, until a worker with SMTP runs');
        return;
      }
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await queue;
      if (unrecorded.size > 0 || uncertainClaims.size > 0) {
        await catchUp().catch((error: unknown) =>
          log.error(
            { err: error, outboxIds: [...unrecorded.keys()] },
            'stopping with mail outcomes the database did not take; those rows are sent again after their lease',
          ),
        );
      }
    },
    runOnce,
    onFinalFailure(listener) {
      finalFailureListeners.push(listener);
    },
    wake() {
      try {
        if (!started || stopped || !transport) return;
        if (ticking) wakeRequested = true;
        else schedule(0);
      } catch (error) {
        log.error({ err: error }, 'mail worker wake failed');
      }
    },
  };
}

/** The claim on a row was lost before its end of data: the message must not be completed. */
class ClaimLostError extends Error {
  constructor() {
    super('the claim on this message was lost before its end of data; it was not completed');
    this.name = 'ClaimLostError';
  }
}

/** The extra headers a domain stored with the message (List-Unsubscribe, …), kept to one line each. */
function extraHeaders(row: OutboxRow): Record<string, string> {
  if (!row.headers) return {};
  const headers = JSON.parse(row.headers) as Record<string, string>;
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, singleLine(value)]));
}
