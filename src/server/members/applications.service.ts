import type { Kysely } from 'kysely';
import { memberMessages, type MembershipSettings } from '../../shared/member-schemas.ts';
import { PLAN_OF_REQUEST, type PlanSlug } from '../../shared/members.ts';
import { timeOrderedId } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import { HttpError, notFound } from '../plugins/errors.ts';
import type { MembershipApplicationInput } from '../plugins/membership-applications.ts';
import { mailTo, newPageLink, newReference, type MembersContext } from './context.ts';
import { changeMember, insertMember, memberView } from './members.repository.ts';
import { insertPending, pendingPaymentOf, type PaymentRow } from './payments.repository.ts';
import { getPlan } from './plans.repository.ts';
import { addHistory, deleteProof, proofInfo, saveProof } from './records.repository.ts';
import { bankSettings } from './settings.ts';
import { approvalMail, renewalMail } from './templates.ts';

/**
 * Applications: opened from a membership request (in the requests domain's transaction), approved by
 * staff (a payment issued with its own reference, its instructions mailed) or rejected with a reason.
 * A student's proof of enrolment is kept only until that decision.
 */

/**
 * Opens an `en_revision` application for a membership request, in the caller's transaction. Nothing
 * happens when the address already holds a live membership (the unique index says so, without
 * aborting the caller's transaction): a second request does not make a second member.
 */
export async function openApplication(
  trx: Kysely<Database>,
  input: MembershipApplicationInput,
  now: Date,
): Promise<string | undefined> {
  const id = timeOrderedId(now.getTime());
  const inserted = await insertMember(trx, {
    id,
    number: null,
    full_name: input.fullName.trim(),
    email: input.email.trim(),
    email_key: input.email.trim().toLowerCase(),
    organisation: input.company.trim(),
    position: input.position.trim(),
    phone: input.phoneNumber.trim(),
    plan: PLAN_OF_REQUEST[input.plan],
    status: 'en_revision',
    period_start: null,
    period_end: null,
    coordinator_id: null,
    request_id: input.requestId,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  });
  if (!inserted) return undefined;
  await addHistory(trx, {
    memberId: id,
    actor: 'sistema',
    action: 'solicitud',
    detail: `Solicitud de membresía ${input.plan} recibida desde el formulario del sitio`,
    at: now,
  });
  return id;
}

/** Issues a pending payment under a fresh reference (drawn again in the rare case it is taken). */
export async function issuePayment(
  trx: Kysely<Database>,
  member: { id: string; planName: string },
  amountCents: number,
  now: Date,
): Promise<PaymentRow> {
  for (;;) {
    const payment = await insertPending(trx, {
      memberId: member.id,
      reference: newReference(),
      amountCents,
      planName: member.planName,
      now,
    });
    if (payment) return payment;
  }
}

/**
 * Mails how to pay a payment just issued (on approval, or a renewal asked for), with a link to her
 * page, in the caller's transaction.
 */
export async function mailInstructions(
  trx: Kysely<Database>,
  context: MembersContext,
  kind: 'approval' | 'renewal',
  member: { id: string; email: string; planName: string },
  bank: MembershipSettings,
  payment: PaymentRow,
): Promise<void> {
  const link = await newPageLink(trx, context, member.id, context.now());
  const input = {
    planName: member.planName,
    bank,
    payment: { reference: payment.reference, amountCents: payment.amount_cents },
    link,
  };
  await mailTo(trx, context, member.email, [
    {
      purpose: kind === 'approval' ? 'member-approved' : 'member-renewal',
      to: member.email,
      refId: member.id,
      ...(kind === 'approval' ? approvalMail(input) : renewalMail(input)),
    },
  ]);
}

export const bankMissing = () =>
  new HttpError(
    409,
    'BANK_SETTINGS_MISSING',
    'Antes de aprobar o renovar, guarda los datos bancarios de la asociación (banco, beneficiaria y CLABE).',
  );

/**
 * Approves an application: `por_pagar`, on the plan staff chose, with a payment issued and its
 * instructions mailed (with a link to her page). A second click finds her `por_pagar` already and gets
 * the same payment: nothing is recorded twice.
 */
export async function approve(
  context: MembersContext,
  id: string,
  adminId: string,
  plan?: PlanSlug,
): Promise<{ reference: string; amountCents: number }> {
  const now = context.now();
  const outcome = await context.db.transaction().execute(async (trx) => {
    const member = await memberView(trx, id);
    if (!member) throw notFound();
    const chosen = await getPlan(trx, plan ?? member.plan);
    if (!chosen) throw notFound();
    const bank = await bankSettings(trx);
    if (!bank) throw bankMissing();
    const changed = await changeMember(trx, id, ['en_revision'], {
      status: 'por_pagar',
      plan: chosen.slug,
      updated_at: now.toISOString(),
    });
    if (!changed) {
      // Read again: another click may have approved her since this transaction first read her.
      const current = await memberView(trx, id);
      const pending = current?.status === 'por_pagar' ? await pendingPaymentOf(trx, id) : undefined;
      if (pending) return { payment: pending, again: true };
      throw new HttpError(409, 'NOT_AN_APPLICATION', memberMessages.notApplication);
    }
    const payment = await issuePayment(trx, { id, planName: chosen.name }, chosen.feeCents, now);
    const hadProof = await deleteProof(trx, id);
    await addHistory(trx, {
      memberId: id,
      actor: adminId,
      action: 'aprobada',
      detail:
        `Solicitud aprobada, plan ${chosen.name}` +
        (chosen.slug !== member.plan ? ` (había pedido ${member.plan_name})` : '') +
        `; referencia de pago ${payment.reference}` +
        (hadProof ? '; se eliminó el comprobante de estudios' : ''),
      at: now,
    });
    await mailInstructions(
      trx,
      context,
      'approval',
      { id, email: member.email, planName: chosen.name },
      bank,
      payment,
    );
    return { payment, again: false };
  });
  if (!outcome.again) context.wake();
  return { reference: outcome.payment.reference, amountCents: outcome.payment.amount_cents };
}

/** Rejects an application with a reason staff give (kept in her history; nothing is mailed). */
export async function reject(context: MembersContext, id: string, adminId: string, reason: string) {
  const now = context.now();
  return context.db.transaction().execute(async (trx) => {
    const member = await memberView(trx, id);
    if (!member) throw notFound();
    const changed = await changeMember(trx, id, ['en_revision'], {
      status: 'rechazada',
      updated_at: now.toISOString(),
    });
    if (!changed) {
      if ((await memberView(trx, id))?.status === 'rechazada') return { status: 'rechazada' as const };
      throw new HttpError(409, 'NOT_AN_APPLICATION', memberMessages.notApplication);
    }
    const hadProof = await deleteProof(trx, id);
    await addHistory(trx, {
      memberId: id,
      actor: adminId,
      action: 'rechazada',
      detail: `Motivo: ${reason}${hadProof ? ' (se eliminó el comprobante de estudios)' : ''}`,
      at: now,
    });
    return { status: 'rechazada' as const };
  });
}

/** The most a proof of enrolment may weigh. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;

/** What a file is, by its first bytes (never by its name or the type the browser claims). */
export function sniffProof(head: Buffer): string | undefined {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return undefined;
}

/**
 * A student's proof of enrolment, uploaded on her page while her application is under review: kept
 * (one per application, the last one wins) until staff decide.
 */
export async function uploadProof(
  context: MembersContext,
  memberId: string,
  content: Buffer,
): Promise<'saved' | 'not-needed' | 'wrong-type'> {
  const contentType = sniffProof(content.subarray(0, 16));
  if (!contentType) return 'wrong-type';
  const now = context.now();
  return context.db.transaction().execute(async (trx) => {
    const member = await memberView(trx, memberId);
    if (!member || member.status !== 'en_revision' || member.plan !== 'estudiantil') return 'not-needed';
    const replaced = (await proofInfo(trx, memberId)) !== undefined;
    await saveProof(trx, memberId, { contentType, content }, now);
    await addHistory(trx, {
      memberId,
      actor: 'socia',
      action: 'comprobante',
      detail: `${replaced ? 'Reemplazó' : 'Subió'} su comprobante de estudios (${contentType}, ${Math.ceil(content.length / 1024)} KB)`,
      at: now,
    });
    return 'saved';
  });
}
