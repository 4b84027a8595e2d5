import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { apiRoutes } from '../../shared/api-paths.ts';
import { DAY_MS, clock } from '../../shared/clock.ts';
import { CONSENT_PURPOSES } from '../../shared/privacy.ts';
import type { PersonRecord } from '../../shared/privacy-schemas.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { consentsOf, withdrawConsent } from '../consent/consents.repository.ts';
import type { PersonDataSource } from '../consent/person-data.ts';
import type { Database } from '../db/schema.ts';
import { cancelPendingMail } from '../mail/outbox.repository.ts';
import {
  blockOf,
  deleteMailOf,
  dueForErasure,
  hashProofOf,
  insertBlock,
  mailTo,
} from './person.repository.ts';

const normaliseEmail = (email: string) => email.trim().toLowerCase();

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

/**
 * Everything stored about an address (the Acceso right): its blocking, its consents, the state of the
 * mail written to it, and a section per registered source. Blocked people are found too: the search is
 * how the association answers them.
 */
export async function findPerson(
  db: Kysely<Database>,
  sources: readonly PersonDataSource[],
  rawEmail: string,
): Promise<PersonRecord> {
  const email = normaliseEmail(rawEmail);
  const [blocked, consents, outbox, ...sections] = await Promise.all([
    blockOf(db, email),
    consentsOf(db, email),
    mailTo(db, email),
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
 * The person's record as the file the admin downloads, stamped with when it was made. Every export is
 * written to the audit log under the address's keyed hash, never the address itself.
 */
export async function exportPerson(app: FastifyInstance, rawEmail: string, adminId: string | null) {
  const record = await findPerson(app.db, app.personData.sources, rawEmail);
  await recordAudit(app.db, {
    adminId,
    action: 'privacy.person.export',
    method: 'GET',
    path: apiRoutes.personExport,
    targetId: emailHash(app.privacyHashKey, record.email),
  });
  return { exportedAt: new Date().toISOString(), ...record };
}

/**
 * Cancels a person's data (Cancelación), first step: in one transaction, the address joins
 * `blocked_people` (every list, search, export and mailing leaves it out from then on), every consent
 * in force is withdrawn, the mail still waiting for it is cancelled, and each source stops what it
 * would still do. The data are erased `privacyBlockDays` later (`eraseDuePeople`). Gives the blocking
 * and what the audit log says of it (under the address's hash); null if the address is blocked already.
 */
export async function cancelPerson(app: FastifyInstance, rawEmail: string, now = new Date()) {
  const email = normaliseEmail(rawEmail);
  const blocked = await app.db.transaction().execute(async (trx) => {
    const blockedAt = now.toISOString();
    const eraseAfter = new Date(now.getTime() + app.config.privacyBlockDays * DAY_MS).toISOString();
    if (!(await insertBlock(trx, { email, blockedAt, eraseAfter }))) return null;
    for (const purpose of CONSENT_PURPOSES) await withdrawConsent(trx, email, purpose, now);
    const cancelledMail = await cancelPendingMail(trx, { to: email });
    for (const source of app.personData.sources) await source.block?.(trx, email);
    return { email, blockedAt, eraseAfter, cancelledMail };
  });
  if (!blocked) return null;
  return {
    blocked,
    audit: {
      targetId: emailHash(app.privacyHashKey, email),
      detail: `Datos bloqueados; se eliminan después del ${clock.formatShort(blocked.eraseAfter)}; ${blocked.cancelledMail} correos pendientes cancelados`,
    },
  };
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
  const due = await dueForErasure(db, now);
  let records = 0;
  for (const email of due) {
    records += await db.transaction().execute(async (trx) => {
      let count = 0;
      for (const source of sources) count += await source.erase(trx, email);
      // Mail to the person, and the association's notifications that answer to her.
      count += await deleteMailOf(trx, email);
      // A form sent while blocked gave a consent after the blocking: it ends with the data too.
      for (const purpose of CONSENT_PURPOSES) await withdrawConsent(trx, email, purpose, now);
      await hashProofOf(trx, email, emailHash(hashKey, email), now);
      return count;
    });
  }
  return { people: due.length, records };
}
