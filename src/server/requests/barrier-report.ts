import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  BARRIER_FIELD_NAMES,
  BarrierReportSchema,
  barrierAnswerDue,
  type BarrierReceipt,
  type BarrierReport,
} from '../../shared/barriers.ts';
import { DAY_MS } from '../../shared/clock.ts';
import type { BarrierFormAnswer } from '../../shared/form-answer.ts';
import { apiMessages } from '../../shared/messages.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import { fieldMessages } from '../../shared/schemas.ts';
import { recordConsent } from '../consent/consents.repository.ts';
import { isBlocked } from '../consent/person-data.ts';
import { timeOrderedId } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import { bareAddress } from '../mail/message.ts';
import { queueMail, type OutboxMessage } from '../mail/outbox.repository.ts';
import { lockRecipient } from '../mail/recipient-lock.ts';
import { ACK_DAILY_CAP, type MailAddresses } from './accept-request.ts';
import { acknowledgementsSince, insertBarrierReport } from './requests.repository.ts';
import { barrierAcknowledgementMail, barrierNotificationMail } from './templates.ts';

/** The consent ledger's name of the form. */
const CONSENT_SOURCE = 'accesibilidad';

/**
 * Stores a barrier report, its consent (when it left an e-mail: the ledger is kept by address) and,
 * unless it is spam, its mail in ONE transaction: the notification to the association (Reply-To the
 * address left, if any) and an acknowledgement to that address, under the requests' daily cap and never
 * to a blocked person. Returns its id and the day its answer is due.
 */
export function recordBarrierReport(
  db: Kysely<Database>,
  report: BarrierReport,
  mail: MailAddresses,
  now = new Date(),
): Promise<{ id: string; answerDue: string }> {
  const id = timeOrderedId(now.getTime());
  const createdAt = now.toISOString();
  const answerDue = barrierAnswerDue(now);
  const spam = Boolean(report.website?.trim());
  const email = report.email ? bareAddress(report.email) : '';
  return db.transaction().execute(async (trx) => {
    await insertBarrierReport(trx, {
      id,
      pageUrl: report.pageUrl,
      details: report.details,
      email,
      spam,
      createdAt,
    });
    if (email) {
      await recordConsent(trx, {
        email,
        purpose: 'privacy-notice',
        source: CONSENT_SOURCE,
        noticeVersion: PRIVACY_NOTICE_VERSION,
        refId: id,
        givenAt: now,
      });
    }
    if (spam) return { id, answerDue };
    const inbox = bareAddress(mail.mailTo);
    const details = { pageUrl: report.pageUrl, details: report.details, email, createdAt, answerDue };
    const messages: OutboxMessage[] = [
      {
        purpose: 'notify',
        to: inbox,
        replyTo: email || null,
        requestId: id,
        ...barrierNotificationMail(details),
      },
    ];
    if (email && !(await isBlocked(trx, email))) {
      // Counted one report at a time per address, as the requests' acknowledgements are.
      await lockRecipient(trx, email);
      const since = new Date(now.getTime() - DAY_MS).toISOString();
      if ((await acknowledgementsSince(trx, email, since)) < ACK_DAILY_CAP) {
        messages.push({
          purpose: 'ack',
          to: email,
          replyTo: inbox,
          requestId: id,
          ...barrierAcknowledgementMail(details),
        });
      }
    }
    await queueMail(trx, messages, mail.mailFrom, now);
    return { id, answerDue };
  });
}

/** Takes a valid report, however it arrived (the API or the plain post), and wakes the mail worker. */
export async function acceptBarrierReport(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  report: BarrierReport,
): Promise<BarrierReceipt> {
  const { id, answerDue } = await recordBarrierReport(app.db, report, {
    mailTo: app.config.mailTo,
    mailFrom: app.config.mailFrom,
  });
  if (report.website?.trim())
    log.info({ requestId: id }, 'barrier report flagged as spam; stored, not mailed');
  app.mailWorker.wake();
  return { answerDue };
}

/** What the visitor typed, as text, to put back in the form (never the honeypot). */
function echoedValues(body: Record<string, unknown>): BarrierFormAnswer['values'] {
  const values: BarrierFormAnswer['values'] = {};
  for (const field of BARRIER_FIELD_NAMES) {
    const value = body[field];
    if (typeof value === 'string') values[field] = value.slice(0, 4_000);
  }
  return values;
}

/** A report posted without script: the report to take, or the form again with its messages. */
export function readBarrierForm(
  body: Record<string, unknown>,
): { value: BarrierReport } | { mistakes: BarrierFormAnswer } {
  const parsed = BarrierReportSchema.safeParse(body);
  if (parsed.success) return { value: parsed.data };
  return {
    mistakes: {
      kind: 'barrera',
      values: echoedValues(body),
      fields: fieldMessages(parsed.error.issues),
      message: apiMessages.validation,
    },
  };
}
