import {
  MONTH_NAMES,
  addDays,
  clock,
  compareDays,
  daysInMonth,
  isoDay,
  parseIsoDay,
  type CalendarDate,
} from './clock.ts';
import type { MembershipType } from './constants.ts';

/**
 * The rules of membership that server and web share: the plans, the states a member goes through, her
 * period and grace read from dates on the association's clock, the CLABE's control digit, and how
 * money and days are written. Pure: every function that depends on time takes `now`.
 */

export const PLAN_SLUGS = [
  'individual',
  'corporativa-2',
  'corporativa-4',
  'corporativa-10',
  'estudiantil',
] as const;
export type PlanSlug = (typeof PLAN_SLUGS)[number];

/** The request form's membership type → the plan an application opens with (staff may change it). */
export const PLAN_OF_REQUEST: Record<MembershipType, PlanSlug> = {
  Individual: 'individual',
  Corporativa: 'corporativa-2',
  Estudiantil: 'estudiantil',
};

/** A corporate plan: one coordinator who pays, and seats she invites. */
export const isCorporate = (slug: string) => slug.startsWith('corporativa-');

/**
 * What is stored: `socia` is a member with a period (her shown status then follows from its dates); the
 * others are what they say, and a change between them is always someone's decision.
 */
export const STORED_STATUSES = ['en_revision', 'por_pagar', 'socia', 'rechazada', 'baja'] as const;
export type StoredStatus = (typeof STORED_STATUSES)[number];

/** What is shown: the stored status, with `socia` read from the dates at that moment. */
export const MEMBER_STATUSES = [
  'en_revision',
  'por_pagar',
  'activa',
  'en_gracia',
  'vencida',
  'rechazada',
  'baja',
] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  en_revision: 'En revisión',
  por_pagar: 'Por pagar',
  activa: 'Activa',
  en_gracia: 'En periodo de gracia',
  vencida: 'Vencida',
  rechazada: 'Rechazada',
  baja: 'Baja',
};

export const PAYMENT_METHODS = ['spei', 'efectivo', 'otro'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What a plan says about time. */
export interface PlanTerms {
  periodMonths: number;
  graceDays: number;
}

/** What a status is read from: the stored status and the last day of the period (YYYY-MM-DD, local). */
export interface PeriodHolder {
  status: StoredStatus;
  periodEnd: string | null;
}

const dayOf = (text: string): CalendarDate => {
  const day = parseIsoDay(text);
  if (!day) throw new Error(`not a day: ${text}`);
  return day;
};

/** The last day of the grace that follows a period (YYYY-MM-DD). */
export const graceEnd = (periodEnd: string, graceDays: number) =>
  isoDay(addDays(dayOf(periodEnd), graceDays));

/**
 * The status at `now`: a period and its grace each end when their last local day ends in the
 * association's zone, so nothing has to run at midnight for it to be right.
 */
export function memberStatus(
  member: PeriodHolder,
  plan: Pick<PlanTerms, 'graceDays'>,
  now: Date,
): MemberStatus {
  if (member.status !== 'socia') return member.status;
  if (!member.periodEnd) return 'vencida';
  const today = clock.today(now);
  const end = dayOf(member.periodEnd);
  if (compareDays(today, end) <= 0) return 'activa';
  if (compareDays(today, addDays(end, plan.graceDays)) <= 0) return 'en_gracia';
  return 'vencida';
}

/**
 * The last day of a period that starts on `start` and lasts `months`: the day before its anniversary.
 * An anniversary that does not exist (29 February in a common year, the 31st of a short month) is the
 * first day of the next month, so the period still runs to the end of the month before.
 */
export function periodEndFrom(start: CalendarDate, months: number): CalendarDate {
  const monthIndex = start.month - 1 + months;
  const year = start.year + Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const anniversary =
    start.day > (daysInMonth(year, month) ?? 31)
      ? addDays({ year, month, day: daysInMonth(year, month)! }, 1)
      : { year, month, day: start.day };
  return addDays(anniversary, -1);
}

/**
 * The period a payment made at `paidAt` pays for: the first payment starts it on that day; one made
 * while the member is active or in her grace continues from the end of her period (her anniversary
 * stays); one made after it lapsed starts again on that day.
 */
export function periodForPayment(
  member: PeriodHolder,
  plan: PlanTerms,
  paidAt: Date,
): { periodStart: string; periodEnd: string } {
  const status = member.periodEnd ? memberStatus({ ...member, status: 'socia' }, plan, paidAt) : 'vencida';
  const start =
    member.periodEnd && (status === 'activa' || status === 'en_gracia')
      ? addDays(dayOf(member.periodEnd), 1)
      : clock.today(paidAt);
  return { periodStart: isoDay(start), periodEnd: isoDay(periodEndFrom(start, plan.periodMonths)) };
}

/** "14 de enero de 2027". */
export function longDay(day: string): string {
  const { year, month, day: date } = dayOf(day);
  return `${date} de ${MONTH_NAMES[month - 1]!.toLocaleLowerCase('es-MX')} de ${year}`;
}

/** "$1,200.00 MXN": the amount as receipts and mails write it. */
export function formatPesos(cents: number): string {
  const whole = Math.floor(Math.abs(cents) / 100);
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${grouped}.${fraction} MXN`;
}

/** What a member reads about her status, in words. */
export function statusText(input: {
  status: MemberStatus;
  periodEnd: string | null;
  graceDays: number;
  pending?: { amountCents: number; reference: string } | null;
}): string {
  const { status, periodEnd, graceDays, pending } = input;
  switch (status) {
    case 'activa':
      return `Activa hasta el ${longDay(periodEnd!)}`;
    case 'en_gracia':
      return `En periodo de gracia hasta el ${longDay(graceEnd(periodEnd!, graceDays))}`;
    case 'vencida':
      return periodEnd
        ? `Vencida desde el ${longDay(graceEnd(periodEnd, graceDays + 1))}`
        : MEMBER_STATUS_LABELS.vencida;
    case 'por_pagar':
      return pending
        ? `Por pagar: ${formatPesos(pending.amountCents)} con la referencia ${pending.reference}`
        : MEMBER_STATUS_LABELS.por_pagar;
    case 'rechazada':
      return 'Solicitud no aprobada';
    default:
      return MEMBER_STATUS_LABELS[status];
  }
}

// --- Bank transfers --------------------------------------------------------------------------------

const CLABE_WEIGHTS = [3, 7, 1] as const;

/**
 * Whether a CLABE (Mexico's 18-digit bank account number) is well formed: digits only, and its last
 * digit the control digit of the other 17 (weights 3, 7, 1 repeated; each product taken modulo 10).
 */
export function isValidClabe(clabe: string): boolean {
  if (!/^\d{18}$/.test(clabe)) return false;
  let sum = 0;
  for (let index = 0; index < 17; index++) {
    sum += (Number(clabe[index]) * CLABE_WEIGHTS[index % 3]!) % 10;
  }
  return (10 - (sum % 10)) % 10 === Number(clabe[17]);
}

/** A payment reference's prefix; the rest is random, in letters and digits no one reads for another. */
export const REFERENCE_PREFIX = 'MEER';
/** No 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B: a reference read aloud or copied by hand stays the same. */
export const REFERENCE_ALPHABET = 'ACDEFHJKMNPQRTUVWXY34679';
const REFERENCE_PATTERN = new RegExp(
  `${REFERENCE_PREFIX}-?([${REFERENCE_ALPHABET}]{4})-?([${REFERENCE_ALPHABET}]{4})`,
);

/**
 * The site's payment reference found in a text (a transfer's concept, a typed reference), written the
 * canonical way (`MEER-7K3Q-9XD4`); undefined when there is none. Case, spaces and dashes do not matter.
 */
export function findReference(text: string): string | undefined {
  const cleaned = text.toUpperCase().replace(/[\s_.]+/g, '');
  const match = REFERENCE_PATTERN.exec(cleaned);
  return match ? `${REFERENCE_PREFIX}-${match[1]}-${match[2]}` : undefined;
}

/** A reference as it is stored: the site's own in its canonical form, any other trimmed and upper-cased. */
export const normaliseReference = (text: string) => findReference(text) ?? text.trim().toUpperCase();
