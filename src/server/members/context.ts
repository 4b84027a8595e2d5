import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { REFERENCE_ALPHABET, REFERENCE_PREFIX } from '../../shared/members.ts';
import { memberLinks } from '../../shared/member-paths.ts';
import { isBlocked } from '../consent/person-data.ts';
import type { Database } from '../db/schema.ts';
import { hashToken, newToken } from '../lib/link-tokens.ts';
import { queueMail, type OutboxMessage } from '../mail/outbox.repository.ts';
import { addLink } from './records.repository.ts';

/** What the members' services need of the app: the database, the clock, and where mail and links go. */
export interface MembersContext {
  db: Kysely<Database>;
  /** The app's clock (config.now in tests). */
  now: () => Date;
  siteUrl: string;
  mailFrom: string;
  /** Tells the outbox worker there is mail to send. */
  wake: () => void;
}

/** A random payment reference: `MEER-` and two groups of four characters no one reads for another. */
export function newReference(): string {
  const part = () =>
    Array.from({ length: 4 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('');
  return `${REFERENCE_PREFIX}-${part()}-${part()}`;
}

/** A new link to a member's page (each mail its own), stored as its hash; the full address. */
export async function newPageLink(
  db: Kysely<Database>,
  context: MembersContext,
  memberId: string,
  now: Date,
): Promise<string> {
  const token = newToken();
  await addLink(db, memberId, hashToken(token), now);
  return `${context.siteUrl}${memberLinks.page(token)}`;
}

/**
 * Writes mail to one address in the caller's transaction, unless the person's data are blocked. The
 * outbox keeps its own time (the system's), whatever clock the rules read: a message is due at once,
 * a reminder at its `sendAt`.
 */
export async function mailTo(
  db: Kysely<Database>,
  context: MembersContext,
  email: string,
  messages: readonly OutboxMessage[],
): Promise<boolean> {
  if (messages.length === 0 || (await isBlocked(db, email))) return false;
  await queueMail(db, messages, context.mailFrom, new Date());
  return true;
}

/** An instant five years later: how long a paid receipt is kept as an accounting record. */
export function fiveYearsAfter(instant: string): string {
  const date = new Date(instant);
  date.setUTCFullYear(date.getUTCFullYear() + 5);
  return date.toISOString();
}
