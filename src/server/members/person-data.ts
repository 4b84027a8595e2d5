import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { PersonDataSource } from '../consent/person-data.ts';
import { addHistory } from './records.repository.ts';
import { deletePendingReminders } from './reminders.ts';

/**
 * Members as persons under the privacy rights: found (her memberships, history, payments and
 * invitations), blocked (she leaves: no reminders, no directory, no links), and erased after the
 * blocking period, except her paid receipts, which tax law keeps five years as accounting records: they
 * stay, blocked, with the name on the receipt, and go when their five years are over.
 */
export const memberPersonData: PersonDataSource = {
  key: 'members',

  async find(db, email) {
    const members = await db.selectFrom('members').selectAll().where('email_key', '=', email).execute();
    const sections = [];
    for (const member of members) {
      const [history, payments, invitations] = await Promise.all([
        db
          .selectFrom('member_history')
          .select(['at', 'actor', 'action', 'detail'])
          .where('member_id', '=', member.id)
          .orderBy('at')
          .execute(),
        db
          .selectFrom('membership_payments')
          .select([
            'reference',
            'amount_cents',
            'status',
            'method',
            'paid_at',
            'folio',
            'period_start',
            'period_end',
            'payer_name',
            'plan_name',
            'keep_until',
          ])
          .where('member_id', '=', member.id)
          .orderBy('created_at')
          .execute(),
        db
          .selectFrom('member_invitations')
          .select(['email', 'created_at', 'accepted_at'])
          .where('coordinator_id', '=', member.id)
          .execute(),
      ]);
      const { search_folded: _folded, email_key: _key, ...row } = member;
      sections.push({ ...row, history, payments, invitationsSent: invitations });
    }
    const invited = await db
      .selectFrom('member_invitations')
      .select(['created_at', 'accepted_at'])
      .where('email_key', '=', email)
      .execute();
    if (invited.length > 0) sections.push({ invitationsReceived: invited });
    return sections;
  },

  async block(db, email) {
    const now = new Date();
    const live = await db
      .selectFrom('members')
      .select(['id', 'status'])
      .where('email_key', '=', email)
      .where('status', 'in', ['en_revision', 'por_pagar', 'socia'])
      .execute();
    for (const member of live) {
      await db
        .updateTable('members')
        .set({ status: 'baja', directory_listed: 0, updated_at: now.toISOString() })
        .where('id', '=', member.id)
        .execute();
      await addHistory(db, {
        memberId: member.id,
        actor: 'sistema',
        action: 'baja',
        detail: 'Baja por la cancelación de sus datos personales (derechos ARCO)',
        at: now,
      });
    }
    const ids = (await db.selectFrom('members').select('id').where('email_key', '=', email).execute()).map(
      (row) => row.id,
    );
    for (const id of ids) await deletePendingReminders(db, id);
    if (ids.length > 0) {
      await db
        .updateTable('membership_payments')
        .set({ status: 'cancelado' })
        .where('member_id', 'in', ids)
        .where('status', '=', 'pendiente')
        .execute();
      await db.deleteFrom('member_links').where('member_id', 'in', ids).execute();
      await db.deleteFrom('membership_proofs').where('member_id', 'in', ids).execute();
      await db
        .deleteFrom('member_invitations')
        .where('coordinator_id', 'in', ids)
        .where('accepted_at', 'is', null)
        .execute();
    }
    await db
      .deleteFrom('member_invitations')
      .where('email_key', '=', email)
      .where('accepted_at', 'is', null)
      .execute();
  },

  async erase(db, email) {
    return eraseMembers(db, email, new Date());
  },
};

/** Erases an address's members: all but the paid receipts, which keep the payer's name five years. */
export async function eraseMembers(db: Kysely<Database>, email: string, now: Date): Promise<number> {
  const members = await db.selectFrom('members').select('id').where('email_key', '=', email).execute();
  let count = 0;
  for (const { id } of members) {
    for (const table of ['member_history', 'member_links', 'membership_proofs'] as const) {
      const result = await db.deleteFrom(table).where('member_id', '=', id).executeTakeFirst();
      count += Number(result.numDeletedRows);
    }
    await db.deleteFrom('member_invitations').where('coordinator_id', '=', id).execute();
    await db
      .deleteFrom('membership_payments')
      .where('member_id', '=', id)
      .where('status', '!=', 'pagado')
      .execute();
    await db
      .updateTable('members')
      .set({
        full_name: '',
        email: '',
        email_key: `borrada:${id}`,
        organisation: '',
        position: '',
        phone: '',
        search_folded: '',
        directory_listed: 0,
        directory_fields: '',
        linkedin: null,
        request_id: null,
        status: 'baja',
        erased_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .execute();
    count += 1;
  }
  await db.deleteFrom('member_invitations').where('email_key', '=', email).execute();
  return count;
}
