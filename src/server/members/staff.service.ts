import { clock } from '../../shared/clock.ts';
import type {
  DirectoryEntry,
  MemberDetail,
  MemberListItem,
  MemberListQuery,
  MembersSummary,
  Plan,
} from '../../shared/member-schemas.ts';
import {
  MEMBER_STATUS_LABELS,
  PAYMENT_METHODS,
  statusText,
  type PaymentMethod,
  type PlanSlug,
} from '../../shared/members.ts';
import type { MembersContext } from './context.ts';
import { csvStream } from '../lib/csv.ts';
import { statusOf } from './member-page.service.ts';
import {
  allMembers,
  countMembers,
  directoryRows,
  listMembers,
  memberView,
  seatsOf,
  type MemberFilter,
  type MemberView,
} from './members.repository.ts';
import { paymentsOf, pendingPaymentOf } from './payments.repository.ts';
import { listPlans } from './plans.repository.ts';
import { historyOf, invitationsOf, proofInfo } from './records.repository.ts';
import { remindersOf } from './reminders.ts';

/** What staff read: the list and its filters, one member whole, the summary, the export; and the directory. */

const listItem = (member: MemberView, now: Date): MemberListItem => ({
  id: member.id,
  number: member.number,
  fullName: member.full_name,
  email: member.email,
  plan: member.plan as PlanSlug,
  status: statusOf(member, now),
  periodEnd: member.eff_end,
});

async function today(context: MembersContext): Promise<{ now: Date; plans: Plan[] }> {
  return { now: context.now(), plans: await listPlans(context.db) };
}

export async function memberList(context: MembersContext, query: MemberListQuery) {
  const { page, perPage, ...filter } = query;
  const { now, plans } = await today(context);
  const { rows, total } = await listMembers(
    context.db,
    filter as MemberFilter,
    { offset: (page - 1) * perPage, limit: perPage },
    clock.today(now),
    plans,
  );
  return { data: rows.map((row) => listItem(row, now)), total };
}

/** The summary card: each count is what the list shows with the matching filter. */
export async function membersSummary(context: MembersContext): Promise<MembersSummary> {
  const { now, plans } = await today(context);
  const day = clock.today(now);
  const count = (filter: MemberFilter) => countMembers(context.db, filter, day, plans);
  const [active, endingIn30Days, inGrace, applications] = await Promise.all([
    count({ status: 'activa' }),
    count({ status: 'activa', endsWithinDays: 30 }),
    count({ status: 'en_gracia' }),
    count({ status: 'en_revision' }),
  ]);
  return { active, endingIn30Days, inGrace, applications };
}

export async function memberDetail(context: MembersContext, id: string): Promise<MemberDetail | undefined> {
  const { db } = context;
  const now = context.now();
  const member = await memberView(db, id);
  if (!member || member.erased_at) return undefined;
  const [history, payments, reminders, seats, invitations, proof, pending] = await Promise.all([
    historyOf(db, id),
    paymentsOf(db, id),
    remindersOf(db, id),
    seatsOf(db, id),
    invitationsOf(db, id),
    proofInfo(db, id),
    pendingPaymentOf(db, id),
  ]);
  const status = statusOf(member, now);
  return {
    ...listItem(member, now),
    storedStatus: member.status as MemberDetail['storedStatus'],
    statusText: statusText({
      status,
      periodEnd: member.eff_end,
      graceDays: member.grace_days,
      pending: pending ? { amountCents: pending.amount_cents, reference: pending.reference } : null,
    }),
    organisation: member.organisation,
    position: member.position,
    phone: member.phone,
    planName: member.plan_name,
    periodStart: member.eff_start,
    coordinatorId: member.coordinator_id,
    requestId: member.request_id,
    createdAt: member.created_at,
    directory: {
      listed: member.directory_listed === 1,
      fields: member.directory_fields.split(',').filter(Boolean),
      linkedin: member.linkedin,
    },
    proof: proof
      ? { contentType: proof.content_type, size: proof.size, uploadedAt: proof.uploaded_at }
      : null,
    history,
    payments: payments.map((payment) => ({
      id: payment.id,
      reference: payment.reference,
      amountCents: payment.amount_cents,
      status: payment.status as MemberDetail['payments'][number]['status'],
      method: PAYMENT_METHODS.includes(payment.method as PaymentMethod)
        ? (payment.method as PaymentMethod)
        : null,
      paidAt: payment.paid_at,
      folio: payment.folio,
      periodStart: payment.period_start,
      periodEnd: payment.period_end,
      createdAt: payment.created_at,
    })),
    reminders,
    seats: seats.map((seat) => listItem(seat, now)),
    invitations: invitations.map((invitation) => ({
      email: invitation.email,
      createdAt: invitation.created_at,
      acceptedAt: invitation.accepted_at,
    })),
  };
}

const CSV_HEADER = [
  'Número',
  'Nombre',
  'Correo',
  'Organización',
  'Puesto',
  'Teléfono',
  'Plan',
  'Estado',
  'Inicio del periodo',
  'Fin del periodo',
  'Alta en el sitio (hora de la Ciudad de México)',
] as const;

/** The members a filter finds, as a CSV stream: each page of rows leaves as it is read. */
export async function membersCsv(context: MembersContext, filter: MemberFilter) {
  const { now, plans } = await today(context);
  const pages = allMembers(context.db, filter, clock.today(now), plans);
  async function* rows() {
    for await (const page of pages) {
      for (const member of page as readonly MemberView[]) {
        yield [
          member.number,
          member.full_name,
          member.email,
          member.organisation,
          member.position,
          member.phone,
          member.plan_name,
          MEMBER_STATUS_LABELS[statusOf(member, now)],
          member.eff_start,
          member.eff_end,
          clock.formatNumeric(member.created_at),
        ];
      }
    }
  }
  return csvStream(CSV_HEADER, rows());
}

/** The public directory: who chose to appear, while active or in grace, with only what she chose. */
export async function directory(context: MembersContext): Promise<DirectoryEntry[]> {
  const { now, plans } = await today(context);
  const rows = await directoryRows(context.db, clock.today(now), plans);
  return rows.map((row) => {
    const fields = new Set(row.directory_fields.split(','));
    return {
      number: row.number!,
      ...(fields.has('fullName') && row.full_name ? { fullName: row.full_name } : {}),
      ...(fields.has('organisation') && row.organisation ? { organisation: row.organisation } : {}),
      ...(fields.has('position') && row.position ? { position: row.position } : {}),
      ...(fields.has('linkedin') && row.linkedin ? { linkedin: row.linkedin } : {}),
    };
  });
}
