import type { Kysely, Selectable } from 'kysely';
import { timeOrderedId } from '../db/ids.ts';
import type { Database, MembershipPaymentsTable } from '../db/schema.ts';

export type PaymentRow = Selectable<MembershipPaymentsTable>;

/**
 * Issues a pending payment under a reference; undefined when the reference is taken already (the
 * unique constraint, without aborting the caller's transaction): the caller draws another.
 */
export async function insertPending(
  db: Kysely<Database>,
  row: { memberId: string; reference: string; amountCents: number; planName: string; now: Date },
): Promise<PaymentRow | undefined> {
  return db
    .insertInto('membership_payments')
    .values({
      id: timeOrderedId(row.now.getTime()),
      member_id: row.memberId,
      reference: row.reference,
      amount_cents: row.amountCents,
      status: 'pendiente',
      method: null,
      paid_at: null,
      folio: null,
      period_start: null,
      period_end: null,
      payer_name: null,
      plan_name: row.planName,
      recorded_by: null,
      created_at: row.now.toISOString(),
      keep_until: null,
    })
    .onConflict((conflict) => conflict.column('reference').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The payment a member was last asked for and has not paid, if any. */
export async function pendingPaymentOf(db: Kysely<Database>, memberId: string) {
  return db
    .selectFrom('membership_payments')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'pendiente')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export async function paymentByReference(db: Kysely<Database>, reference: string) {
  return db
    .selectFrom('membership_payments')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirst();
}

export async function paymentsByReferences(db: Kysely<Database>, references: readonly string[]) {
  if (references.length === 0) return [];
  return db
    .selectFrom('membership_payments')
    .innerJoin('members', 'members.id', 'membership_payments.member_id')
    .selectAll('membership_payments')
    .select(['members.full_name', 'members.number'])
    .where('membership_payments.reference', 'in', [...references])
    .execute();
}

export interface PaidFields {
  amountCents: number;
  method: string;
  paidAt: string;
  folio: string;
  periodStart: string;
  periodEnd: string;
  payerName: string;
  planName: string;
  recordedBy: string;
  keepUntil: string;
}

const paidColumns = (paid: PaidFields) => ({
  status: 'pagado',
  amount_cents: paid.amountCents,
  method: paid.method,
  paid_at: paid.paidAt,
  folio: paid.folio,
  period_start: paid.periodStart,
  period_end: paid.periodEnd,
  payer_name: paid.payerName,
  plan_name: paid.planName,
  recorded_by: paid.recordedBy,
  keep_until: paid.keepUntil,
});

/** Marks a pending payment paid: a conditional update, so a payment is recorded once. */
export async function markPaid(
  db: Kysely<Database>,
  id: string,
  paid: PaidFields,
): Promise<PaymentRow | undefined> {
  return db
    .updateTable('membership_payments')
    .set(paidColumns(paid))
    .where('id', '=', id)
    .where('status', '=', 'pendiente')
    .returningAll()
    .executeTakeFirst();
}

/** Records a payment under a reference nobody was issued; undefined when the reference is taken. */
export async function insertPaid(
  db: Kysely<Database>,
  memberId: string,
  reference: string,
  paid: PaidFields,
  now: Date,
): Promise<PaymentRow | undefined> {
  return db
    .insertInto('membership_payments')
    .values({
      id: timeOrderedId(now.getTime()),
      member_id: memberId,
      reference,
      created_at: now.toISOString(),
      ...paidColumns(paid),
    })
    .onConflict((conflict) => conflict.column('reference').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Withdraws the member's pending payments (another was recorded, or she left). */
export async function cancelPending(db: Kysely<Database>, memberId: string): Promise<number> {
  const result = await db
    .updateTable('membership_payments')
    .set({ status: 'cancelado' })
    .where('member_id', '=', memberId)
    .where('status', '=', 'pendiente')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function paymentsOf(db: Kysely<Database>, memberId: string): Promise<PaymentRow[]> {
  return db
    .selectFrom('membership_payments')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function paidPayment(db: Kysely<Database>, memberId: string, paymentId: string) {
  return db
    .selectFrom('membership_payments')
    .selectAll()
    .where('id', '=', paymentId)
    .where('member_id', '=', memberId)
    .where('status', '=', 'pagado')
    .executeTakeFirst();
}

/**
 * Payments whose five years as accounting records are over, of members whose data were erased: they
 * go, and so does a member left with none. Returns how many payments.
 */
export async function deleteExpiredRecords(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('membership_payments')
    .where('keep_until', '<=', now.toISOString())
    .where('member_id', 'in', (eb) =>
      eb.selectFrom('members').select('id').where('erased_at', 'is not', null),
    )
    .executeTakeFirst();
  await db
    .deleteFrom('members')
    .where('erased_at', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('membership_payments')
            .select('membership_payments.id')
            .whereRef('membership_payments.member_id', '=', 'members.id'),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('members as s').select('s.id').whereRef('s.coordinator_id', '=', 'members.id'),
        ),
      ),
    )
    .execute();
  return Number(result.numDeletedRows);
}
