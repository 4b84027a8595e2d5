import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Database, OutboxTable, RequestKind } from '../db/schema.ts';
import {
  acknowledgementMail,
  bareAddress,
  messageIdFor,
  notificationMail,
  type MailContent,
} from './templates.ts';

export interface NewRequest {
  kind: RequestKind;
  fullName: string;
  company: string;
  position: string;
  email: string;
  phoneNumber: string;
  spam: boolean;
}

export interface MailAddresses {
  /** The association's inbox. */
  mailTo: string;
  /** The site's sender; its domain names the Message-IDs. */
  mailFrom: string;
}

/**
 * Stores the request and, unless it is spam, its two outbox rows (notification to mailTo with
 * Reply-To = sender, acknowledgement to the sender), in ONE transaction. Returns the request id.
 *
 * Spam is kept rather than dropped so a false positive can still be found by the association.
 */
export async function storeRequest(
  db: Kysely<Database>,
  request: NewRequest,
  mail: MailAddresses,
): Promise<string> {
  const id = randomUUID();
  const createdAt = new Date().toISOString();
  const details = { ...request, createdAt };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('requests')
      .values({
        id,
        kind: request.kind,
        full_name: request.fullName,
        company: request.company,
        position: request.position,
        email: request.email,
        phone_number: request.phoneNumber,
        spam: request.spam ? 1 : 0,
        status: 'nueva',
        created_at: createdAt,
      })
      .execute();
    if (request.spam) return;
    const sender = bareAddress(request.email);
    await trx
      .insertInto('outbox')
      .values([
        outboxRow(
          id,
          'notify',
          bareAddress(mail.mailTo),
          sender,
          notificationMail(details),
          mail.mailFrom,
          createdAt,
        ),
        // Replies to the acknowledgement should reach people, not the no-reply sender.
        outboxRow(
          id,
          'ack',
          sender,
          bareAddress(mail.mailTo),
          acknowledgementMail(details),
          mail.mailFrom,
          createdAt,
        ),
      ])
      .execute();
  });
  return id;
}

function outboxRow(
  requestId: string,
  purpose: 'notify' | 'ack',
  to: string,
  replyTo: string,
  content: MailContent,
  mailFrom: string,
  createdAt: string,
): Insertable<OutboxTable> {
  const id = randomUUID();
  return {
    id,
    request_id: requestId,
    purpose,
    to_address: to,
    reply_to: replyTo,
    subject: content.subject,
    body_text: content.text,
    message_id: messageIdFor(id, mailFrom),
    status: 'pending',
    attempts: 0,
    next_attempt_at: createdAt,
    locked_until: null,
    last_error: null,
    created_at: createdAt,
    sent_at: null,
  };
}
