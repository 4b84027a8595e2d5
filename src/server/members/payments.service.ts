import type { Kysely } from 'kysely';
import { clock, compareDays, parseIsoDay } from '../../shared/clock.ts';
import { memberMessages, type PaymentInput, type PaymentResult } from '../../shared/member-schemas.ts';
import { memberStatus, normaliseReference, periodForPayment } from '../../shared/members.ts';
import type { Database } from '../db/schema.ts';
import { InvalidInputError } from '../domain-errors.ts';
import { HttpError, notFound } from '../plugins/errors.ts';
import { bankMissing, issuePayment, mailInstructions } from './applications.service.ts';
import { fiveYearsAfter, mailTo, newPageLink, type MembersContext } from './context.ts';
import {
  changeMember,
  ensureNumber,
  lockMember,
  memberView,
  nextCounter,
  type MemberView,
} from './members.repository.ts';
import {
  cancelPending,
  insertPaid,
  markPaid,
  paidPayment,
  paymentByReference,
  pendingPaymentOf,
  type PaidFields,
  type PaymentRow,
} from './payments.repository.ts';
import { receiptPdf } from './receipt-pdf.ts';
import { addHistory } from './records.repository.ts';
import { scheduleReminders } from './reminders.ts';
import { bankSettings } from './settings.ts';
import { paymentReceivedMail, welcomeMail } from './templates.ts';

/** A payment's instant: a day is read at noon on the association's clock; future is refused. */
export function paidInstant(text: string, now: Date): Date {
  const day = parseIsoDay(text);
  const future = new InvalidInputError({ paidAt: memberMessages.futureDate });
  if (day) {
    if (compareDays(day, clock.today(now)) > 0) throw future;
    return clock.instantOf({ ...day, hour: 12 });
  }
  const instant = new Date(text);
  if (instant.getTime() > now.getTime()) throw future;
  return instant;
}

/** "R-2026-00017": sequential within the year of the payment, on the association's clock. */
async function nextFolio(trx: Kysely<Database>, paidAt: Date): Promise<string> {
  const year = clock.today(paidAt).year;
  const value = await nextCounter(trx, `receipt-${year}`);
  return `R-${year}-${String(value).padStart(5, '0')}`;
}

const resultOf = (member: MemberView, payment: PaymentRow, now: Date): PaymentResult => ({
  receipt: payment.folio!,
  paymentId: payment.id,
  status: memberStatus(
    { status: 'socia', periodEnd: member.period_end },
    { graceDays: member.grace_days },
    now,
  ),
  periodStart: payment.period_start!,
  periodEnd: payment.period_end!,
});

/** A write that met another one doing the same at that moment: the transaction is run again. */
class Raced extends Error {}

/**
 * Records a payment, in one transaction: the payment (the one issued under this reference, or a new one)
 * becomes `pagado` with its folio and the period it pays; her other pending payments are withdrawn; she
 * becomes `socia` with her number if she had none; her reminders are replaced by the new period's; she
 * is mailed (a welcome with her page the first time, a thank-you after). The same reference again for
 * the same member and amount answers with the first receipt; a reference used otherwise is refused.
 */
export async function recordPayment(
  context: MembersContext,
  memberId: string,
  input: PaymentInput,
  actor: string,
): Promise<{ result: PaymentResult; created: boolean }> {
  const now = context.now();
  const reference = normaliseReference(input.reference);
  const paidAt = paidInstant(input.paidAt, now);
  for (let attempt = 0; ; attempt++) {
    try {
      const outcome = await context.db
        .transaction()
        .execute((trx) => recordIn(trx, context, memberId, { ...input, reference }, paidAt, actor, now));
      if (outcome.created) context.wake();
      return outcome;
    } catch (error) {
      if (!(error instanceof Raced) || attempt >= 2) throw error;
    }
  }
}

async function recordIn(
  trx: Kysely<Database>,
  context: MembersContext,
  memberId: string,
  input: PaymentInput,
  paidAt: Date,
  actor: string,
  now: Date,
): Promise<{ result: PaymentResult; created: boolean }> {
  // Her row's lock first: a payment recorded for her meanwhile is seen whole before the period is read.
  await lockMember(trx, memberId, now);
  const member = await memberView(trx, memberId);
  if (!member || member.erased_at) throw notFound();
  if (member.coordinator_id) throw new HttpError(409, 'SEAT_DOES_NOT_PAY', memberMessages.seatPays);
  const used = () => new InvalidInputError({ reference: memberMessages.referenceUsed });
  const existing = await paymentByReference(trx, input.reference);
  if (existing?.status === 'pagado') {
    if (existing.member_id === memberId && existing.amount_cents === input.amountCents) {
      return { result: resultOf(member, existing, now), created: false };
    }
    throw used();
  }
  if (existing && (existing.status !== 'pendiente' || existing.member_id !== memberId)) throw used();
  if (member.status !== 'por_pagar' && member.status !== 'socia') {
    throw new HttpError(409, 'NOT_PAYABLE', memberMessages.notPayable);
  }

  const period = periodForPayment(
    { status: member.status === 'socia' ? 'socia' : 'por_pagar', periodEnd: member.period_end },
    { periodMonths: member.period_months, graceDays: member.grace_days },
    paidAt,
  );
  const paid: PaidFields = {
    amountCents: input.amountCents,
    method: input.method,
    paidAt: paidAt.toISOString(),
    folio: await nextFolio(trx, paidAt),
    ...period,
    payerName: member.full_name,
    planName: member.plan_name,
    recordedBy: actor,
    keepUntil: fiveYearsAfter(paidAt.toISOString()),
  };
  const payment = existing
    ? await markPaid(trx, existing.id, paid)
    : await insertPaid(trx, memberId, input.reference, paid, now);
  // Another transaction recorded this very reference meanwhile: the next attempt sees what it did.
  if (!payment) throw new Raced();
  await cancelPending(trx, memberId);

  const first = member.number === null;
  const changed = await changeMember(trx, memberId, ['por_pagar', 'socia'], {
    status: 'socia',
    period_start: period.periodStart,
    period_end: period.periodEnd,
    updated_at: now.toISOString(),
  });
  if (!changed) throw new Raced();
  const number = await ensureNumber(trx, memberId, now);
  await addHistory(trx, {
    memberId,
    actor,
    action: 'pago',
    detail: `Pago de ${(input.amountCents / 100).toFixed(2)} MXN (${input.method}, referencia ${input.reference}), recibo ${paid.folio}; periodo del ${period.periodStart} al ${period.periodEnd}${first ? `; número de socia ${number}` : ''}`,
    at: now,
  });
  await scheduleReminders(
    trx,
    context,
    { id: memberId, email: member.email, planName: member.plan_name, feeCents: member.fee_cents },
    { periodEnd: period.periodEnd, graceDays: member.grace_days },
    now,
  );
  const link = await newPageLink(trx, context, memberId, now);
  const mail = first
    ? welcomeMail({ number, periodEnd: period.periodEnd, folio: paid.folio, link })
    : paymentReceivedMail({ periodEnd: period.periodEnd, folio: paid.folio, link });
  await mailTo(trx, context, member.email, [
    { purpose: first ? 'member-welcome' : 'member-payment', to: member.email, refId: memberId, ...mail },
  ]);
  return { result: resultOf({ ...member, period_end: period.periodEnd }, payment, now), created: true };
}

/**
 * A renewal asked for on her page: a payment issued with the plan's fee and its instructions mailed.
 * One that waits already is shown again, and nothing is issued or mailed twice.
 */
export async function issueRenewal(
  context: MembersContext,
  memberId: string,
  /** Staff who issued it from the admin; else the member, from her page. */
  adminId?: string,
) {
  const now = context.now();
  const outcome = await context.db.transaction().execute(async (trx) => {
    await lockMember(trx, memberId, now);
    const member = await memberView(trx, memberId);
    if (!member || member.status !== 'socia' || member.coordinator_id) return undefined;
    const waiting = await pendingPaymentOf(trx, memberId);
    if (waiting) return { payment: waiting, issued: false };
    const bank = await bankSettings(trx);
    if (!bank) throw bankMissing();
    const payment = await issuePayment(
      trx,
      { id: memberId, planName: member.plan_name },
      member.fee_cents,
      now,
    );
    await addHistory(trx, {
      memberId,
      actor: adminId ?? 'socia',
      action: 'renovacion',
      detail: adminId
        ? `Referencia de renovación emitida por el equipo: ${payment.reference}`
        : `Pidió renovar desde su página; referencia de pago ${payment.reference}`,
      at: now,
    });
    const who = { id: memberId, email: member.email, planName: member.plan_name };
    await mailInstructions(trx, context, 'renewal', who, bank, payment);
    return { payment, issued: true };
  });
  if (outcome?.issued) context.wake();
  return outcome;
}

/** A paid payment's receipt as a PDF; undefined for a payment that is not this member's or not paid. */
export async function receiptOf(context: MembersContext, memberId: string, paymentId: string) {
  const [payment, member] = await Promise.all([
    paidPayment(context.db, memberId, paymentId),
    memberView(context.db, memberId),
  ]);
  if (!payment || !member || !payment.folio || !payment.paid_at) return undefined;
  const pdf = await receiptPdf({
    folio: payment.folio,
    payerName: payment.payer_name ?? member.full_name,
    memberNumber: member.number,
    planName: payment.plan_name ?? member.plan_name,
    amountCents: payment.amount_cents,
    paidAt: payment.paid_at,
    method: payment.method ?? 'otro',
    reference: payment.reference,
    periodStart: payment.period_start,
    periodEnd: payment.period_end,
  });
  return { folio: payment.folio, pdf };
}
