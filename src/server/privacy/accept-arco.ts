import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { arcoDeadlines, makeFolio } from '../../shared/arco.ts';
import { DAY_MS } from '../../shared/clock.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import type { ArcoReceipt, ArcoRequestInput } from '../../shared/privacy-schemas.ts';
import { recordConsent } from '../consent/consents.repository.ts';
import { isBlocked } from '../consent/person-data.ts';
import { bareAddress } from '../mail/message.ts';
import { queueMail, type OutboxMessage } from '../mail/outbox.repository.ts';
import { insertArcoRequest } from './arco.repository.ts';
import { arcoAcknowledgementMail, arcoNotificationMail } from './templates.ts';

/** Acknowledgements of ARCO requests one address receives in 24 hours (the form cannot flood a mailbox). */
export const ARCO_ACK_DAILY_CAP = 3;

/** The consent ledger's name of the ARCO form. */
export const ARCO_CONSENT_SOURCE = 'derechos-arco';

/**
 * Takes a valid ARCO request, from the API or the plain form post: in one transaction it is stored
 * under a new folio, with the notice's consent and its mail (the acknowledgement quoting the folio
 * and the day the answer is due, and the association's notification), then the mail worker is woken.
 * A filled-in honeypot is answered alike but nothing is stored or sent.
 */
export async function acceptArcoRequest(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  input: ArcoRequestInput,
): Promise<ArcoReceipt> {
  const { website, ...request } = input;
  const now = new Date();
  if (website?.trim()) {
    log.info('ARCO request with its honeypot filled; not stored');
    return { folio: makeFolio(now, Math.random), answerDue: arcoDeadlines(now).answerDue };
  }
  const receipt = await app.db.transaction().execute(async (trx) => {
    const row = await insertArcoRequest(trx, request, now);
    await recordConsent(trx, {
      email: row.email,
      purpose: 'privacy-notice',
      source: ARCO_CONSENT_SOURCE,
      noticeVersion: PRIVACY_NOTICE_VERSION,
      refId: row.id,
      givenAt: now,
    });
    const { answerDue } = arcoDeadlines(row.received_at);
    const details = { ...request, folio: row.folio, receivedAt: row.received_at, answerDue };
    const sender = bareAddress(request.email);
    const inbox = bareAddress(app.config.mailTo);
    const messages: OutboxMessage[] = [
      {
        purpose: 'arco-notify',
        to: inbox,
        replyTo: sender,
        refId: row.id,
        ...arcoNotificationMail(details),
      },
    ];
    const since = new Date(now.getTime() - DAY_MS).toISOString();
    const sentToday = await trx
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('purpose', '=', 'arco-ack')
      .where('created_at', '>', since)
      .where(sql<string>`lower(to_address)`, '=', sender.toLowerCase())
      .executeTakeFirstOrThrow();
    if (!(await isBlocked(trx, sender)) && Number(sentToday.n) < ARCO_ACK_DAILY_CAP) {
      messages.push({
        purpose: 'arco-ack',
        to: sender,
        replyTo: inbox,
        refId: row.id,
        ...arcoAcknowledgementMail(details, app.config.siteUrl),
      });
    }
    await queueMail(trx, messages, app.config.mailFrom, now);
    return { folio: row.folio, answerDue };
  });
  app.mailWorker.wake();
  return receipt;
}
