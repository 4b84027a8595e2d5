import {
  CompiledQuery,
  sql,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
} from 'kysely';
import type { Dialect } from '../db/database.ts';
import { timeOrderedId } from '../db/ids.ts';
import type { Database, OutboxStream, OutboxTable } from '../db/schema.ts';
import { messageIdFor } from './message.ts';

export type OutboxRow = Selectable<OutboxTable>;

/** A text file sent with a message (an event's .ics, for instance). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** One message as a domain hands it to the outbox. */
export interface OutboxMessage {
  /** What it is for, as the domain names it (`ack`, `registration-confirmed`, …). */
  purpose: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe, …); the worker adds Auto-Submitted itself. */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
  stream?: OutboxStream;
  /** The contact or membership request it belongs to. */
  requestId?: string | null;
  /** The record of another domain it was written for (a registration, a subscriber, an ARCO request). */
  refId?: string | null;
  /** Not before this instant (ISO UTC): a reminder waits in the outbox until its time. */
  sendAt?: string;
}

/** The outbox row of a message, pending from `sendAt` (or `createdAt`). */
export function outboxRow(
  message: OutboxMessage,
  mailFrom: string,
  createdAt: string,
): Insertable<OutboxTable> {
  const id = timeOrderedId();
  return {
    id,
    request_id: message.requestId ?? null,
    purpose: message.purpose,
    to_address: message.to,
    reply_to: message.replyTo ?? null,
    subject: message.subject,
    body_text: message.text,
    body_html: message.html ?? null,
    headers: message.headers ? JSON.stringify(message.headers) : null,
    attachments: message.attachments?.length ? JSON.stringify(message.attachments) : null,
    stream: message.stream ?? 'transactional',
    ref_id: message.refId ?? null,
    message_id: messageIdFor(id, mailFrom),
    status: 'pending',
    attempts: 0,
    next_attempt_at: message.sendAt ?? createdAt,
    locked_until: null,
    claim_token: null,
    last_error: null,
    created_at: createdAt,
    sent_at: null,
  };
}

/**
 * Writes messages to the outbox; pass the transaction that stores what they are about, so both are
 * kept or neither is. Returns the rows' ids.
 */
export async function queueMail(
  db: Kysely<Database>,
  messages: readonly OutboxMessage[],
  mailFrom: string,
  now = new Date(),
): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = messages.map((message) => outboxRow(message, mailFrom, now.toISOString()));
  await db.insertInto('outbox').values(rows).execute();
  return rows.map((row) => row.id);
}

/**
 * Marks mail not yet sent as never to be sent: to an address (a person blocked under the privacy
 * law), or written for a record (a cancelled registration, an unsubscribed address). A message already
 * being handed to the mail server may still go out. Returns how many were cancelled.
 */
export async function cancelPendingMail(
  db: Kysely<Database>,
  where: { to: string } | { refId: string; purpose?: string },
): Promise<number> {
  let query = db.updateTable('outbox').set({ status: 'cancelled' }).where('status', '=', 'pending');
  if ('to' in where) query = query.where(sql<string>`lower(to_address)`, '=', where.to.toLowerCase());
  else {
    query = query.where('ref_id', '=', where.refId);
    if (where.purpose) query = query.where('purpose', '=', where.purpose);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Pending rows whose time has come and, for transactional mail only, rows whose sender's lease ran out
 * (it crashed or hung): those are sent again, at least once. Bulk rows whose lease ran out are never
 * due as they stand; `settleLapsedBulk` first decides what each is (decision 039).
 */
function isDue(eb: ExpressionBuilder<Database, 'outbox'>, nowIso: string, stream: OutboxStream) {
  const pending = eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]);
  if (stream === 'bulk') return pending;
  return eb.or([pending, eb.and([eb('status', '=', 'sending'), eb('locked_until', '<=', nowIso)])]);
}

export interface Claim {
  now: Date;
  /** When the claim lapses and another worker may take the rows. */
  lockedUntil: string;
  /** Marks the claimed rows, so this very claim can be recognised (and released) later. */
  token: string;
  limit: number;
  /** Only this stream's rows; the transactional stream when not given. */
  stream?: OutboxStream;
}

/**
 * Claims up to `limit` due rows in one statement: they become 'sending' until `lockedUntil`, under the
 * claim's token. On PostgreSQL the candidates are locked with SKIP LOCKED, so concurrent instances each
 * take different rows instead of waiting for each other. The candidates sit in a MATERIALIZED CTE
 * because PostgreSQL may otherwise plan `id IN (subquery)` as a nested loop that runs the subquery once
 * per outer row, and LIMIT stops limiting the claim. The due condition is checked again on the rows
 * being updated, in case one was claimed meanwhile. SQLite runs one writing statement at a time, which
 * makes the same statement atomic there.
 */
export async function claimDueRows(
  db: Kysely<Database>,
  dialect: Dialect,
  claim: Claim,
): Promise<OutboxRow[]> {
  const nowIso = claim.now.toISOString();
  const stream = claim.stream ?? 'transactional';
  return (
    db
      .with(
        (cte) => cte('claimable').materialized(),
        (qb) => {
          const candidates = qb
            .selectFrom('outbox')
            .select('id')
            .where((eb) => isDue(eb, nowIso, stream))
            .where('stream', '=', stream)
            .orderBy('next_attempt_at')
            .limit(claim.limit);
          return dialect === 'postgres' ? candidates.forUpdate().skipLocked() : candidates;
        },
      )
      .updateTable('outbox')
      // A new attempt: the wire mark of an earlier one no longer says anything.
      .set({ status: 'sending', locked_until: claim.lockedUntil, claim_token: claim.token, wire_at: null })
      .where('id', 'in', (eb) => eb.selectFrom('claimable').select('claimable.id'))
      .where((eb) => isDue(eb, nowIso, stream))
      .returningAll()
      .execute()
  );
}

export const UNCONFIRMED_ERROR =
  'El servidor de correo recibió el mensaje completo y no llegó a confirmarlo: casi siempre se entregó.';

/**
 * The wire mark of a bulk message (decision 039): its whole body has been handed to the mail server
 * and its end of data goes next. Written only while the claim is ours; false when it is not (the lease
 * ran out and another pass took the row), and then the end must not be sent. `committing` is called
 * the moment the mark is committed or its commit is on its way, and the caller sends the end of data
 * in that same turn of the event loop, so nothing else runs between the two.
 *
 * On SQLite the statement commits inside the call, synchronously.
 *
 * On PostgreSQL a statement that has reached the server is carried out even if this process dies
 * meanwhile, so the row is first marked and locked inside a transaction, and only the COMMIT stands
 * between the mark and the end of data. `committing` is called as soon as the COMMIT has been written to
 * the database's socket, before its answer: the two writes follow each other within microseconds, so a
 * process killed before the COMMIT leaves no mark and sends no end, and one killed after both leaves
 * both. Waiting for the COMMIT's answer first would leave a window of a round trip in which the mark is
 * kept and the end never sent (the kill -9 test found it). If the COMMIT then fails, the end has already
 * gone: the row has no mark, and only a crash before the server's answer would send it again. The
 * commit is asynchronous (`synchronous_commit` off for this transaction only): the mark must outlive
 * this process, not the database server.
 */
export async function markOnTheWire(
  db: Kysely<Database>,
  dialect: Dialect,
  row: OutboxRow,
  now: Date,
  committing: () => void = () => {},
): Promise<boolean> {
  const mark = (executor: Kysely<Database>) =>
    executor
      .updateTable('outbox')
      .set({ wire_at: now.toISOString() })
      .where('id', '=', row.id)
      .where('status', '=', 'sending')
      .where('claim_token', '=', row.claim_token);
  if (dialect === 'sqlite') {
    const result = await mark(db).executeTakeFirst();
    const marked = Number(result.numUpdatedRows) > 0;
    if (marked) committing();
    return marked;
  }
  return db.connection().execute(async (connection) => {
    await sql`begin`.execute(connection);
    let commit: Promise<unknown> | undefined;
    try {
      const result = await mark(connection)
        .where(sql<boolean>`set_config('synchronous_commit', 'off', true) is not null`)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        await sql`rollback`.execute(connection);
        return false;
      }
      // The COMMIT goes straight to the connection: node-postgres writes a query without parameters to
      // its socket within the call, so `committing` runs with the COMMIT already sent.
      await connection.getExecutor().provideConnection(async (raw) => {
        commit = raw.executeQuery(CompiledQuery.raw('commit'));
        committing();
        await commit;
      });
      return true;
    } catch (error) {
      if (!commit) await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}

/**
 * Settles bulk rows still 'sending' under a claim whose lease ran out: the process that claimed them
 * died (or hung). Without a wire mark the mail server never got their end of data, so it has no such
 * message: they are pending again and go out like any other (same Message-ID). With one, the end was
 * on its way and the server may have kept the message: they become 'uncertain', keeping their claim
 * token so a late outcome of that very attempt can still be written, and are never sent again unless
 * staff ask (decisions 036 and 039). Returns how many of each.
 */
export async function settleLapsedBulk(
  db: Kysely<Database>,
  now: Date,
): Promise<{ resent: number; uncertain: number }> {
  const nowIso = now.toISOString();
  const lapsed = () =>
    db
      .updateTable('outbox')
      .where('status', '=', 'sending')
      .where('stream', '=', 'bulk')
      .where('locked_until', '<=', nowIso);
  // A read first: nearly every pass finds none, and a read takes no write lock on SQLite.
  const any = await db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'sending')
    .where('stream', '=', 'bulk')
    .where('locked_until', '<=', nowIso)
    .limit(1)
    .executeTakeFirst();
  if (!any) return { resent: 0, uncertain: 0 };
  const resent = await lapsed()
    .set({ status: 'pending', locked_until: null, claim_token: null })
    .where('wire_at', 'is', null)
    .executeTakeFirst();
  const uncertain = await lapsed()
    .set({ status: 'uncertain', locked_until: null, last_error: UNCONFIRMED_ERROR })
    .where('wire_at', 'is not', null)
    .executeTakeFirst();
  return { resent: Number(resent.numUpdatedRows), uncertain: Number(uncertain.numUpdatedRows) };
}

/**
 * A bulk message whose end of data went out and whose answer never came (a timeout, a broken
 * connection): the server may have kept it, so it is not sent again (decision 039). Only while the
 * claim is ours; returns false when it was not.
 */
export async function markUnconfirmed(db: Kysely<Database>, row: OutboxRow, error: string): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'uncertain', attempts: row.attempts + 1, locked_until: null, last_error: error })
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .where('claim_token', '=', row.claim_token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * How many bulk messages may be claimed now so that, across every instance, no more than `perMinute`
 * go out in any minute: those sent in the last minute and those being sent count against it.
 */
export async function bulkAllowance(db: Kysely<Database>, now: Date, perMinute: number): Promise<number> {
  const minuteAgo = new Date(now.getTime() - 60_000).toISOString();
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('stream', '=', 'bulk')
    .where((eb) =>
      eb.or([
        eb('sent_at', '>', minuteAgo),
        eb.and([eb('status', '=', 'sending'), eb('locked_until', '>', now.toISOString())]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Math.max(0, perMinute - Number(row.n));
}

/**
 * Gives back the rows still held by these claims, due at once. For claims whose statement failed: it
 * may have committed all the same, and then nobody is sending those rows (nor sent them, so bulk rows
 * that were meanwhile marked uncertain come back too). Returns how many came back.
 */
export async function releaseClaims(db: Kysely<Database>, tokens: string[]): Promise<number> {
  if (tokens.length === 0) return 0;
  const result = await db
    .updateTable('outbox')
    .set({ status: 'pending', locked_until: null, claim_token: null })
    .where('status', 'in', ['sending', 'uncertain'])
    .where('claim_token', 'in', tokens)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The server accepted the message. Recorded even if the lease ran out meanwhile: it did go out. */
export async function markSent(db: Kysely<Database>, row: OutboxRow, now: Date): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: 'sent',
      sent_at: now.toISOString(),
      attempts: row.attempts + 1,
      locked_until: null,
      claim_token: null,
    })
    .where('id', '=', row.id)
    .execute();
}

export interface FailedAttempt {
  error: string;
  /** No further attempt: the row stays, marked failed, for people to see. */
  final: boolean;
  nextAttemptAt: string;
}

/**
 * Records a failed attempt, only while the claim is still ours: if the lease ran out and another
 * worker took the row, its outcome wins. A bulk row marked uncertain under this very claim takes the
 * outcome: the attempt is now known to have failed. Returns false when the claim was lost.
 */
export async function markAttemptFailed(
  db: Kysely<Database>,
  row: OutboxRow,
  attempt: FailedAttempt,
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({
      status: attempt.final ? 'failed' : 'pending',
      attempts: row.attempts + 1,
      last_error: attempt.error,
      next_attempt_at: attempt.nextAttemptAt,
      locked_until: null,
      claim_token: null,
    })
    .where('id', '=', row.id)
    .where('status', 'in', ['sending', 'uncertain'])
    .where('claim_token', '=', row.claim_token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
