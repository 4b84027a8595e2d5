import type { Kysely } from 'kysely';
import { timeOrderedId } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';

// What hangs off a member: her history, the links to her page, a coordinator's invitations, and a
// student's proof of enrolment.

/** Who made a change: an admin's id, the site itself, or the member on her page. */
export type Actor = string | 'sistema' | 'socia';

export async function addHistory(
  db: Kysely<Database>,
  entry: { memberId: string; actor: Actor; action: string; detail?: string | null; at: Date },
): Promise<void> {
  await db
    .insertInto('member_history')
    .values({
      id: timeOrderedId(entry.at.getTime()),
      member_id: entry.memberId,
      at: entry.at.toISOString(),
      actor: entry.actor,
      action: entry.action,
      detail: entry.detail ?? null,
    })
    .execute();
}

/** Her history, oldest first; an admin's change names her by her address (kept if she is gone). */
export async function historyOf(db: Kysely<Database>, memberId: string) {
  const rows = await db
    .selectFrom('member_history')
    .leftJoin('admins', 'admins.id', 'member_history.actor')
    .select([
      'member_history.at as at',
      'member_history.actor as actor',
      'admins.email as adminEmail',
      'member_history.action as action',
      'member_history.detail as detail',
    ])
    .where('member_history.member_id', '=', memberId)
    .orderBy('member_history.at')
    .orderBy('member_history.id')
    .execute();
  return rows.map(({ adminEmail, ...row }) => ({ ...row, actor: adminEmail ?? row.actor }));
}

// --- Links to her page -------------------------------------------------------------------------------

export async function addLink(db: Kysely<Database>, memberId: string, tokenHash: string, now: Date) {
  await db
    .insertInto('member_links')
    .values({ token_hash: tokenHash, member_id: memberId, created_at: now.toISOString() })
    .execute();
}

export async function memberIdByLink(db: Kysely<Database>, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('member_links')
    .innerJoin('members', 'members.id', 'member_links.member_id')
    .select('members.id')
    .where('member_links.token_hash', '=', tokenHash)
    .where('members.erased_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

/** Messages of one purpose written for a member since an instant (a cap on what one address is sent). */
export async function mailsSince(
  db: Kysely<Database>,
  memberId: string,
  purpose: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('ref_id', '=', memberId)
    .where('purpose', '=', purpose)
    .where('created_at', '>=', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// --- A coordinator's invitations ---------------------------------------------------------------------

export async function invitationsOf(db: Kysely<Database>, coordinatorId: string) {
  return db
    .selectFrom('member_invitations')
    .select(['id', 'email', 'created_at', 'accepted_at', 'member_id'])
    .where('coordinator_id', '=', coordinatorId)
    .orderBy('created_at')
    .execute();
}

/** Adds an invitation; false when this coordinator already invited the address. */
export async function addInvitation(
  db: Kysely<Database>,
  row: { coordinatorId: string; email: string; tokenHash: string; now: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto('member_invitations')
    .values({
      id: timeOrderedId(row.now.getTime()),
      coordinator_id: row.coordinatorId,
      email: row.email.trim(),
      email_key: row.email.trim().toLowerCase(),
      token_hash: row.tokenHash,
      created_at: row.now.toISOString(),
      accepted_at: null,
      member_id: null,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function invitationByToken(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('member_invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks an invitation accepted, once: false when it already was. */
export async function acceptInvitation(
  db: Kysely<Database>,
  id: string,
  memberId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('member_invitations')
    .set({ accepted_at: now.toISOString(), member_id: memberId })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePendingInvitations(db: Kysely<Database>, coordinatorId: string) {
  await db
    .deleteFrom('member_invitations')
    .where('coordinator_id', '=', coordinatorId)
    .where('accepted_at', 'is', null)
    .execute();
}

// --- A student's proof of enrolment -------------------------------------------------------------------

export async function saveProof(
  db: Kysely<Database>,
  memberId: string,
  file: { contentType: string; content: Buffer },
  now: Date,
) {
  const values = {
    content_type: file.contentType,
    size: file.content.length,
    content: file.content,
    uploaded_at: now.toISOString(),
  };
  await db
    .insertInto('membership_proofs')
    .values({ member_id: memberId, ...values })
    .onConflict((conflict) => conflict.column('member_id').doUpdateSet(values))
    .execute();
}

export async function proofInfo(db: Kysely<Database>, memberId: string) {
  return db
    .selectFrom('membership_proofs')
    .select(['content_type', 'size', 'uploaded_at'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

export async function proofContent(db: Kysely<Database>, memberId: string) {
  return db
    .selectFrom('membership_proofs')
    .select(['content_type', 'content'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

export async function deleteProof(db: Kysely<Database>, memberId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('membership_proofs')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
