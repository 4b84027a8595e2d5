import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Buckets of recipients: few enough to stay a small table, many enough that strangers rarely share one. */
const BUCKETS = 4096;

/**
 * Holds, until the caller's transaction ends, the lock of this recipient's bucket: a transaction that
 * counts what an address was sent today and then queues one more takes it first, so two at once for
 * the same address count one after the other and a daily cap holds exactly (PostgreSQL's row lock; on
 * SQLite one transaction writes at a time anyway). Stores no address, only its bucket's number.
 */
export async function lockRecipient(trx: Kysely<Database>, address: string): Promise<void> {
  const digest = createHash('sha256').update(address.trim().toLowerCase()).digest();
  const bucket = digest.readUInt32BE(0) % BUCKETS;
  await trx
    .insertInto('recipient_locks')
    .values({ bucket })
    .onConflict((conflict) => conflict.column('bucket').doUpdateSet({ bucket }))
    .execute();
}
