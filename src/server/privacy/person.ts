import { createHmac } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { CONSENT_PURPOSES } from '../../shared/privacy.ts';
import { DAY_MS } from '../../shared/clock.ts';
import type { PersonRecord } from '../../shared/privacy-schemas.ts';
import type { Database } from '../db/schema.ts';
import { consentsOf, withdrawConsent } from '../consent/consents.repository.ts';
import type { PersonDataSource } from '../consent/person-data.ts';
import { cancelPendingMail } from '../mail/outbox.repository.ts';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * The key of the e-mail hashes kept after an erasure: from PRIVACY_HASH_SECRET when set, else derived
 * from SESSION_SECRET (a label keeps it apart from the cookies' signature).
 */
export function emailHashKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('privacy:email-hash:v1').digest();
}

/**
 * What replaces an erased person's e-mail: its HMAC-SHA256 under the association's key. The same
 * address always gives the same value, so the proof of a withdrawn consent can be matched to a person
 * who writes again; without the key it cannot be turned back into the address, nor guessed from a list.
 */
export const emailHash = (key: Buffer, email: string) =>
  `hmac-sha256:${createHmac('sha256', key).update(normaliseEmail(email)).digest('hex')}`;

/** The blocking of an address, if any. */
export async function blockOf(db: Kysely<Database>, email: string) {
  const row = await db
    .selectFrom('blocked_people')
    .selectAll()
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
  return row ? { blockedAt: row.blocked_at, eraseAfter: row.erase_after, erasedAt: row.erased_at } : null;
}

/** The messages written to an address: their state only (their text is in the requests themselves). */
async function outboxOf(db: Kysely<Database>, email: string) {
  const rows = await db
    .selectFrom('outbox')
    .select(['purpose', 'status', 'subject', 'created_at', 'sent_at'])
    .where(sql<string>`lower(to_address)`, '=', email)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    purpose: row.purpose,
    status: row.status,
    subject: row.subject,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  }));
}

/**
 * Everything stored about an address (the Acceso right): its blocking, its consents, the state of the
 * mail written to it, and a section per registered source. Blocked people are found too: the search is
 * how the association answers them.
 */
export async function findPerson(
  db: Kysely<Database>,
  sources: readonly PersonDataSource[],
  rawEmail: string,
) {
  const email = normaliseEmail(rawEmail);
  const [blocked, consents, outbox, ...sections] = await Promise.all([
    blockOf(db, email),
    consentsOf(db, email),
    outboxOf(db, email),
    ...sources.map((source) => source.find(db, email)),
  ]);
  const record: Record<string, unknown> = {
    email,
    blocked,
    consents: consents.map(({ id: _id, ...consent }) => consent),
    outbox,
  };
  sources.forEach((source, index) => {
    record[source.key] = sections[index];
  });
  return record as PersonRecord;
}

/**
 * Cancels a person's data (Cancelación), first step: in one transaction, the address joins
 * `blocked_people` (every list, search, export and mailing leaves it out from then on), every consent
 * in force is withdrawn, the mail still waiting for it is cancelled, and each source stops what it
 * would still do. The data are erased `blockDays` later (`eraseDuePeople`). Null if already blocked.
 */
export async function blockPerson(
  db: Kysely<Database>,
  sources: readonly PersonDataSource[],
  rawEmail: string,
  blockDays: number,
  now = new Date(),
) {
  const email = normaliseEmail(rawEmail);
  return db.transaction().execute(async (trx) => {
    if (await blockOf(trx, email)) return null;
    const blockedAt = now.toISOString();
    const eraseAfter = new Date(now.getTime() + blockDays * DAY_MS).toISOString();
    await trx
      .insertInto('blocked_people')
      .values({ email, blocked_at: blockedAt, erase_after: eraseAfter, erased_at: null })
      .execute();
    for (const purpose of CONSENT_PURPOSES) await withdrawConsent(trx, email, purpose, now);
    const cancelledMail = await cancelPendingMail(trx, { to: email });
    for (const source of sources) await source.block?.(trx, email);
    return { email, blockedAt, eraseAfter, cancelledMail };
  });
}

/**
 * Cancellation, second step: for each person whose blocking period is over, in a transaction each,
 * every source erases what it keeps, the mail written to the address goes, and of the consents only
 * the proof remains (what was consented to, under which notice, when it was given and withdrawn), the
 * e-mail replaced by its keyed hash; so does the blocking's own row. Returns how many people.
 */
export async function eraseDuePeople(
  db: Kysely<Database>,
  sources: readonly PersonDataSource[],
  hashKey: Buffer,
  now = new Date(),
): Promise<{ people: number; records: number }> {
  const due = await db
    .selectFrom('blocked_people')
    .select('email')
    .where('erased_at', 'is', null)
    .where('erase_after', '<=', now.toISOString())
    .execute();
  let records = 0;
  for (const { email } of due) {
    records += await db.transaction().execute(async (trx) => {
      let count = 0;
      for (const source of sources) count += await source.erase(trx, email);
      // Mail to the person, and the association's notifications that answer to her.
      const mail = await trx
        .deleteFrom('outbox')
        .where((eb) =>
          eb.or([
            eb(sql<string>`lower(to_address)`, '=', email),
            eb(sql<string>`lower(reply_to)`, '=', email),
          ]),
        )
        .executeTakeFirst();
      count += Number(mail.numDeletedRows);
      // A form sent while blocked gave a consent after the blocking: it ends with the data too.
      for (const purpose of CONSENT_PURPOSES) await withdrawConsent(trx, email, purpose, now);
      const hash = emailHash(hashKey, email);
      await trx.updateTable('consents').set({ email: hash }).where('email', '=', email).execute();
      await trx
        .updateTable('blocked_people')
        .set({ email: hash, erased_at: now.toISOString() })
        .where('email', '=', email)
        .execute();
      return count;
    });
  }
  return { people: due.length, records };
}
