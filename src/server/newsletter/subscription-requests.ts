import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import type { NewsletterSubscription } from '../../shared/schemas.ts';
import { timeOrderedId } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import { insertRequest, requestIdsAfter, takeRequest } from './requests.repository.ts';
import {
  subscribeIn,
  type NewSubscription,
  type SubscribeOutcome,
  type SubscriptionSource,
} from './subscriptions.service.ts';
import type { MailSettings } from './templates.ts';

/**
 * A subscription from the newsletter's own form is answered before anyone looks at the address, so the
 * answer takes the same time whether the address is new, pending, already on the list or blocked
 * (whether it is known shows only in the work, and the work comes after the answer).
 *
 * What is stored before the answer, and why: the form as it was sent (address, name, which form, the
 * privacy notice beside it, when), as ONE plain insert of a new row, the same work for every address;
 * it looks nothing up, so it cannot tell one address from another. Once the answer has left, the row is
 * worked out and deleted in one transaction, with the subscription and its confirmation mail: a crash
 * before that commit leaves the row, which the next start (or the minute's job) works out; a crash
 * after it leaves nothing to do twice. Storing nothing first (as the password reset can, where a lost
 * request costs one more click) would lose a visitor's subscription, told "revisa tu correo", in a
 * crash between the answer and the work.
 */
export async function receiveSubscription(
  db: Kysely<Database>,
  input: NewSubscription,
  now = new Date(),
): Promise<string> {
  const id = timeOrderedId();
  await insertRequest(db, {
    id,
    email: input.email.trim().toLowerCase(),
    full_name: input.fullName?.trim() || null,
    source: input.source,
    notice_version: input.noticeVersion ?? PRIVACY_NOTICE_VERSION,
    received_at: now.toISOString(),
  });
  return id;
}

/**
 * Works out one stored request, once: its row is taken (deleted) in the transaction that stores the
 * subscription and queues its mail. Undefined when another run took it first.
 */
export function workOutSubscription(
  db: Kysely<Database>,
  id: string,
  mail: MailSettings,
  now = new Date(),
): Promise<SubscribeOutcome | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await takeRequest(trx, id);
    if (!row) return undefined;
    const input: NewSubscription = {
      email: row.email,
      fullName: row.full_name,
      source: row.source as SubscriptionSource,
      noticeVersion: row.notice_version,
    };
    return subscribeIn(trx, input, mail, now);
  });
}

/** Every request still stored (left by a crash, or still waiting for its turn), oldest first. */
export async function* storedSubscriptions(db: Kysely<Database>, pageSize = 100): AsyncGenerator<string> {
  let after = '';
  for (;;) {
    const ids = await requestIdsAfter(db, after, pageSize);
    yield* ids;
    if (ids.length < pageSize) return;
    after = ids[ids.length - 1]!;
  }
}

/** The newsletter form's subscriptions as its routes take them: stored, answered, then worked out. */
export function subscriptionRequests(app: FastifyInstance) {
  const mail = { mailFrom: app.config.mailFrom, siteUrl: app.config.siteUrl };
  const running = new Set<Promise<void>>();

  async function workOut(id: string): Promise<void> {
    const outcome = await workOutSubscription(app.db, id, mail);
    if (outcome === 'mailed') app.mailWorker.wake();
    if (outcome === 'capped') app.log.warn('newsletter confirmation skipped: daily cap for this address');
  }

  /** On the next turn of the event loop: the answer has been handed over whole before the work begins. */
  function afterAnswer(id: string): void {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => workOut(id))
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'newsletter subscription stored; it is worked out within a minute'),
      );
    running.add(run);
    void run.finally(() => running.delete(run));
  }

  return {
    /**
     * The footer form or its API: stores the form and has it worked out after the answer. A filled-in
     * honeypot is answered alike, with nothing stored.
     */
    async take(log: FastifyBaseLogger, form: NewsletterSubscription): Promise<void> {
      if (form.website?.trim()) {
        log.info('newsletter subscription flagged as spam; ignored');
        return;
      }
      afterAnswer(
        await receiveSubscription(app.db, { email: form.email, fullName: form.fullName, source: 'boletin' }),
      );
    },
    /** Works out the requests still stored: those a crash left, at start and every minute. */
    async takeStored(): Promise<void> {
      for await (const id of storedSubscriptions(app.db)) await workOut(id);
    },
    /** Resolves once the work started after answers is done (tests, graceful stop). */
    async settled(): Promise<void> {
      while (running.size > 0) await Promise.all(running);
    },
  };
}

export type SubscriptionRequests = ReturnType<typeof subscriptionRequests>;
