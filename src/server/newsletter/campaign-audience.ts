import type { Kysely } from 'kysely';
import type { CampaignAudience } from '../../shared/admin-schemas.ts';
import type { Database } from '../db/schema.ts';
import type { MemberAudience } from '../plugins/member-audience.ts';
import { audienceAfter, countActiveAmong, countAudience } from './subscribers.repository.ts';

/** The addresses looked up at a time among the subscribers (well under any database's parameter limit). */
const CHUNK = 500;

/**
 * The members' addresses of a member audience, read at this moment (the members domain decides who is
 * active or in her grace, from the dates). Held while one batch is worked out, never kept.
 */
async function memberEmails(trx: Kysely<Database>, audience: CampaignAudience, members: MemberAudience) {
  const emails = new Set<string>();
  if (audience === 'all') return emails;
  for await (const email of members.emails(trx, audience)) emails.add(email);
  return emails;
}

/**
 * How many a campaign would go to now: the active (confirmed, not blocked) subscribers, or, for a
 * member audience, those of them whose address is also a member's in that state. Being a member is no
 * consent to the newsletter: a member who has not confirmed her subscription gets nothing.
 */
export async function countCampaignAudience(
  trx: Kysely<Database>,
  audience: CampaignAudience,
  members: MemberAudience,
): Promise<number> {
  if (audience === 'all') return countAudience(trx);
  const emails = [...(await memberEmails(trx, audience, members))];
  let total = 0;
  for (let start = 0; start < emails.length; start += CHUNK) {
    total += await countActiveAmong(trx, emails.slice(start, start + CHUNK));
  }
  return total;
}

/**
 * The next `size` recipients of a campaign after the subscriber id `after` (in id order): the active
 * subscribers, or those of them in the member audience. Subscribers outside it are passed over a page
 * at a time, so only one page and the batch are held.
 */
export async function recipientsAfter(
  trx: Kysely<Database>,
  audience: CampaignAudience,
  members: MemberAudience,
  after: string | null,
  size: number,
): Promise<{ id: string; email: string }[]> {
  if (audience === 'all') return audienceAfter(trx, after, size);
  const emails = await memberEmails(trx, audience, members);
  const batch: { id: string; email: string }[] = [];
  let cursor = after;
  while (batch.length < size && emails.size > 0) {
    const page = await audienceAfter(trx, cursor, size);
    for (const subscriber of page) {
      if (emails.has(subscriber.email) && batch.length < size) batch.push(subscriber);
    }
    if (page.length < size) break;
    cursor = page[page.length - 1]!.id;
  }
  return batch;
}
