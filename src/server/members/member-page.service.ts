import type { DirectoryField, MemberPageData } from '../../shared/member-schemas.ts';
import {
  formatPesos,
  isCorporate,
  longDay,
  memberStatus,
  statusText,
  type StoredStatus,
} from '../../shared/members.ts';
import { DAY_MS, clock, isoDay } from '../../shared/clock.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import { recordConsent, withdrawConsent } from '../consent/consents.repository.ts';
import { mailTo, newPageLink, type MembersContext } from './context.ts';
import {
  changeMember,
  lockMember,
  membersByEmail,
  memberView,
  seatsOf,
  setDirectory,
  type MemberView,
} from './members.repository.ts';
import { cancelPending, paymentsOf, pendingPaymentOf } from './payments.repository.ts';
import {
  addHistory,
  deletePendingInvitations,
  deleteProof,
  invitationsOf,
  mailsSince,
  proofInfo,
} from './records.repository.ts';
import { deletePendingReminders } from './reminders.ts';
import { bankSettings } from './settings.ts';
import { accessMail, leftMail } from './templates.ts';

/** What her page says after each of its forms. */
export const PAGE_NOTICES = {
  directorio: 'Guardamos tu elección para el directorio de socias.',
  renovar: 'Listo: estos son los datos para pagar tu renovación. También te los enviamos por correo.',
  baja: 'Registramos tu baja. Tus recibos siguen aquí; gracias por haber sido parte de la asociación.',
  invitacion: 'Enviamos la invitación. Cuando la acepte, aparecerá en tu lista.',
  comprobante: 'Recibimos tu comprobante de estudios. Lo revisaremos junto con tu solicitud.',
  bienvenida: '¡Bienvenida! Esta es tu página de socia. Guarda el enlace que te enviamos por correo.',
} as const;
export type PageNotice = keyof typeof PAGE_NOTICES;

/** Links mailed to one member in a day, at most: asking again and again sends nothing more. */
const ACCESS_LINKS_PER_DAY = 5;

/** Her shown status: stored, or read from her period (a seat's is her coordinator's). */
export const statusOf = (member: MemberView, now: Date) =>
  memberStatus(
    { status: member.status as StoredStatus, periodEnd: member.eff_end },
    { graceDays: member.grace_days },
    now,
  );

/** Everything her page shows, read for this one answer. */
export async function memberPageData(
  context: MembersContext,
  memberId: string,
  feedback: Pick<MemberPageData, 'notice' | 'fields' | 'values'> = {},
): Promise<MemberPageData | undefined> {
  const { db } = context;
  const now = context.now();
  const member = await memberView(db, memberId);
  if (!member || member.erased_at) return undefined;
  const status = statusOf(member, now);
  const isSeat = member.coordinator_id !== null;
  const [pending, bank, payments, proof, invitations] = await Promise.all([
    isSeat ? undefined : pendingPaymentOf(db, memberId),
    bankSettings(db),
    paymentsOf(db, memberId),
    member.status === 'en_revision' && member.plan === 'estudiantil' ? proofInfo(db, memberId) : undefined,
    isCorporate(member.plan) && !isSeat ? invitationsOf(db, memberId) : [],
  ]);
  const live = status === 'activa' || status === 'en_gracia';
  return {
    kind: 'socia',
    ...feedback,
    fullName: member.full_name,
    number: member.number,
    planName: member.plan_name,
    status,
    statusText: statusText({
      status,
      periodEnd: member.eff_end,
      graceDays: member.grace_days,
      pending: pending ? { amountCents: pending.amount_cents, reference: pending.reference } : null,
    }),
    isSeat,
    payment:
      pending && bank
        ? {
            reference: pending.reference,
            amountText: formatPesos(pending.amount_cents),
            bank: bank.bank,
            beneficiary: bank.beneficiary,
            clabe: bank.clabe,
          }
        : null,
    receipts: payments
      .filter((payment) => payment.status === 'pagado' && payment.folio && payment.paid_at)
      .reverse()
      .map((payment) => ({
        id: payment.id,
        folio: payment.folio!,
        dateText: longDay(isoDay(clock.day(payment.paid_at)!)),
        amountText: formatPesos(payment.amount_cents),
      })),
    canRenew: member.status === 'socia' && !isSeat && !pending,
    directory:
      member.status === 'socia'
        ? {
            listed: member.directory_listed === 1,
            fields: member.directory_fields.split(',').filter(Boolean) as DirectoryField[],
            linkedin: member.linkedin ?? '',
          }
        : null,
    canLeave: ['en_revision', 'por_pagar', 'socia'].includes(member.status),
    proof:
      member.status === 'en_revision' && member.plan === 'estudiantil'
        ? { uploaded: proof !== undefined }
        : null,
    seats:
      isCorporate(member.plan) && !isSeat && member.status === 'socia'
        ? {
            total: member.seats,
            invitations: invitations.map((invitation) => ({
              email: invitation.email,
              accepted: invitation.accepted_at !== null,
            })),
            canInvite: live && invitations.length < member.seats - 1,
          }
        : null,
  };
}

/**
 * Her directory entry: listed or not, and which fields. Listing is a consent in the ledger (given anew
 * with each choice of fields); unticking withdraws it. Only a member with a period has an entry.
 */
export async function saveDirectory(
  context: MembersContext,
  memberId: string,
  choice: { listed: boolean; fields: DirectoryField[]; linkedin: string | null },
): Promise<boolean> {
  const now = context.now();
  return context.db.transaction().execute(async (trx) => {
    await lockMember(trx, memberId, now);
    const member = await memberView(trx, memberId);
    if (!member || member.status !== 'socia') return false;
    const before = `${member.directory_listed}|${member.directory_fields}|${member.linkedin ?? ''}`;
    const after = `${choice.listed ? 1 : 0}|${choice.fields.join(',')}|${choice.linkedin ?? ''}`;
    if (before === after) return true;
    await setDirectory(trx, memberId, choice, now);
    await withdrawConsent(trx, member.email, 'member-directory', now);
    if (choice.listed) {
      await recordConsent(trx, {
        email: member.email,
        purpose: 'member-directory',
        source: 'socia',
        noticeVersion: PRIVACY_NOTICE_VERSION,
        refId: memberId,
        givenAt: now,
      });
    }
    await addHistory(trx, {
      memberId,
      actor: 'socia',
      action: 'directorio',
      detail: choice.listed
        ? `Aparece en el directorio con: ${choice.fields.join(', ') || 'solo su número'}`
        : 'No aparece en el directorio',
      at: now,
    });
    return true;
  });
}

/**
 * Leaving (baja), by her on her page or by staff: her reminders still waiting are deleted, her pending
 * payments withdrawn, her directory entry and its consent withdrawn; a coordinator's seats leave with
 * her. False when she had already left (or was never more than rejected).
 */
export async function leave(context: MembersContext, memberId: string, actor: string, reason?: string) {
  const now = context.now();
  const left = await context.db.transaction().execute(async (trx) => {
    const member = await memberView(trx, memberId);
    if (!member) return false;
    const changed = await changeMember(trx, memberId, ['en_revision', 'por_pagar', 'socia'], {
      status: 'baja',
      directory_listed: 0,
      updated_at: now.toISOString(),
    });
    if (!changed) return false;
    const seats = member.coordinator_id ? [] : await seatsOf(trx, memberId);
    for (const person of [member, ...seats]) {
      if (person !== member) {
        const seat = await changeMember(trx, person.id, ['socia'], {
          status: 'baja',
          directory_listed: 0,
          updated_at: now.toISOString(),
        });
        if (!seat) continue;
      }
      await deletePendingReminders(trx, person.id);
      await cancelPending(trx, person.id);
      await deleteProof(trx, person.id);
      await deletePendingInvitations(trx, person.id);
      await withdrawConsent(trx, person.email, 'member-directory', now);
      await addHistory(trx, {
        memberId: person.id,
        actor: person === member ? actor : 'sistema',
        action: 'baja',
        detail:
          person === member
            ? actor === 'socia'
              ? 'Se dio de baja desde su página'
              : `Baja registrada por el equipo${reason ? `. Motivo: ${reason}` : ''}`
            : 'Baja junto con la membresía corporativa de su coordinadora',
        at: now,
      });
    }
    if (member.status === 'socia') {
      await mailTo(trx, context, member.email, [
        { purpose: 'member-left', to: member.email, refId: memberId, ...leftMail() },
      ]);
    }
    return true;
  });
  if (left) context.wake();
  return left;
}

/**
 * The link to her page, asked for with her address: mailed only when the address is a member's (not a
 * rejected applicant's), at most a few times a day. The caller answers the same whatever happens.
 */
export async function requestAccess(context: MembersContext, email: string): Promise<boolean> {
  const now = context.now();
  const candidates = await membersByEmail(context.db, email);
  const member = candidates.find((row) => row.status !== 'rechazada');
  if (!member) return false;
  // The outbox keeps the system's time (context.ts, mailTo).
  const since = new Date(Date.now() - DAY_MS);
  if ((await mailsSince(context.db, member.id, 'member-access', since)) >= ACCESS_LINKS_PER_DAY) return false;
  const sent = await context.db.transaction().execute(async (trx) => {
    const link = await newPageLink(trx, context, member.id, now);
    return mailTo(trx, context, member.email, [
      { purpose: 'member-access', to: member.email, refId: member.id, ...accessMail(link) },
    ]);
  });
  if (sent) context.wake();
  return sent;
}
