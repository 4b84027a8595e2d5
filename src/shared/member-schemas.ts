import { z } from 'zod';
import { paging } from './admin-schemas.ts';
import { parseIsoDay } from './clock.ts';
import { TEXT_LIMITS } from './constants.ts';
import { messages } from './messages.ts';
import { MEMBER_STATUSES, PAYMENT_METHODS, PLAN_SLUGS, STORED_STATUSES, isValidClabe } from './members.ts';
import { EmailSchema, requiredText } from './schemas.ts';

// The members' API contract (src/server/members): what its routes take and answer, read by the admin
// and the public pages.

/** What members' forms and routes say, in one place. */
export const memberMessages = {
  plan: 'Elige un plan: individual, corporativa-2, corporativa-4, corporativa-10 o estudiantil',
  amount: 'El importe debe ser mayor que cero',
  amountInteger: 'Escribe el importe en centavos, sin decimales',
  method: 'Elige spei, efectivo u otro',
  paidAt: 'Usa una fecha AAAA-MM-DD o una fecha y hora ISO 8601',
  futureDate: 'La fecha de pago no puede ser futura',
  referenceUsed: 'Esta referencia ya se usó en otro pago',
  clabeLength: 'La CLABE tiene 18 dígitos',
  clabeControl: 'El dígito de control de la CLABE no coincide: revisa que esté bien escrita',
  reasonRequired: 'Escribe el motivo',
  notApplication: 'Esta solicitud ya no está en revisión.',
  notPayable: 'Esta socia no tiene una membresía que se pueda pagar.',
  renewalUnavailable:
    'Por ahora no podemos darte una referencia de pago: la asociación aún no ha publicado sus datos bancarios. Escríbenos y te ayudamos a renovar.',
  seatPays: 'Las membresías de un lugar corporativo las paga su coordinadora.',
  linkedin: 'Escribe la dirección de tu perfil de LinkedIn (https://www.linkedin.com/in/…)',
  inviteLimit: (seats: number) => `Tu membresía incluye ${seats} lugares: ya los invitaste todos.`,
  inviteNotAllowed: 'Solo una coordinadora con la membresía activa puede invitar.',
  alreadyInvited: 'Ya invitaste ese correo.',
  proofType: 'Adjunta una imagen (JPEG, PNG o WebP) o un PDF',
  proofSize: 'El archivo pesa más de 5 MB',
  proofMissing: 'Adjunta tu comprobante de estudios',
  csvEmpty: 'El archivo CSV no tiene filas',
  csvColumns: (missing: string) => `No encontramos la columna ${missing} en el encabezado`,
} as const;

const day = z.string().refine((text) => parseIsoDay(text) !== undefined, { error: messages.invalidValue });

export const PlanSchema = z.object({
  slug: z.enum(PLAN_SLUGS),
  name: z.string(),
  feeCents: z.number(),
  periodMonths: z.number(),
  graceDays: z.number(),
  seats: z.number(),
});
export type Plan = z.infer<typeof PlanSchema>;

export const PlanParamsSchema = z.object({ slug: z.enum(PLAN_SLUGS, { error: memberMessages.plan }) });

const count = (min: number, max: number) =>
  z
    .number({ error: messages.invalidValue })
    .int({ error: messages.invalidValue })
    .min(min, { error: messages.invalidValue })
    .max(max, { error: messages.invalidValue });

export const PlanUpdateBodySchema = z.strictObject({
  data: z.strictObject(
    {
      name: requiredText(TEXT_LIMITS.title),
      feeCents: count(0, 100_000_000),
      periodMonths: count(1, 36),
      graceDays: count(0, 365),
      seats: count(1, 100),
    },
    { error: messages.unknownField },
  ),
});

/** The bank details every payment's instructions name; staff set them. */
export const MembershipSettingsSchema = z.strictObject(
  {
    bank: requiredText(TEXT_LIMITS.company),
    beneficiary: requiredText(TEXT_LIMITS.company),
    clabe: z
      .string({ error: messages.required })
      .trim()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(
        z
          .string()
          .regex(/^\d{18}$/, { error: memberMessages.clabeLength })
          .refine(isValidClabe, { error: memberMessages.clabeControl }),
      ),
  },
  { error: messages.unknownField },
);
export type MembershipSettings = z.infer<typeof MembershipSettingsSchema>;
/** The same, as the API answers it. */
export const MembershipSettingsAnswerSchema = z.object({
  bank: z.string(),
  beneficiary: z.string(),
  clabe: z.string(),
});
export const MembershipSettingsBodySchema = z.strictObject({ data: MembershipSettingsSchema });

// --- Staff: the members ------------------------------------------------------------------------------

export const MemberListQuerySchema = z.object({
  status: z.enum(MEMBER_STATUSES).optional(),
  plan: z.enum(PLAN_SLUGS).optional(),
  q: z.string().max(200).optional(),
  /** Only those whose period ends within this many days from today (the "vence en 30 días" filter). */
  endsWithinDays: z.coerce.number().int().min(0).max(3_650).optional(),
  ...paging,
});
export type MemberListQuery = z.infer<typeof MemberListQuerySchema>;

export const MemberListItemSchema = z.object({
  id: z.string(),
  number: z.number().nullable(),
  fullName: z.string(),
  email: z.string(),
  plan: z.enum(PLAN_SLUGS),
  status: z.enum(MEMBER_STATUSES),
  /** The last day of her period (YYYY-MM-DD; a seat's is her coordinator's). */
  periodEnd: z.string().nullable(),
});
export type MemberListItem = z.infer<typeof MemberListItemSchema>;

export const PaymentItemSchema = z.object({
  id: z.string(),
  reference: z.string(),
  amountCents: z.number(),
  status: z.enum(['pendiente', 'pagado', 'cancelado']),
  method: z.enum(PAYMENT_METHODS).nullable(),
  paidAt: z.string().nullable(),
  folio: z.string().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  createdAt: z.string(),
});

export const ReminderItemSchema = z.object({
  purpose: z.string(),
  label: z.string(),
  sendAt: z.string(),
  /**
   * Programado (waiting), enviando, enviado, fallido, cancelado, or sin_confirmar: the mail server got it
   * whole and the sending stopped before it answered (nearly always delivered; not sent again).
   */
  state: z.enum(['programado', 'enviando', 'enviado', 'fallido', 'cancelado', 'sin_confirmar']),
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
});

export const MemberDetailSchema = MemberListItemSchema.extend({
  storedStatus: z.enum(STORED_STATUSES),
  statusText: z.string(),
  organisation: z.string(),
  position: z.string(),
  phone: z.string(),
  planName: z.string(),
  periodStart: z.string().nullable(),
  coordinatorId: z.string().nullable(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
  directory: z.object({
    listed: z.boolean(),
    fields: z.array(z.string()),
    linkedin: z.string().nullable(),
  }),
  proof: z.object({ contentType: z.string(), size: z.number(), uploadedAt: z.string() }).nullable(),
  history: z.array(
    z.object({ at: z.string(), actor: z.string(), action: z.string(), detail: z.string().nullable() }),
  ),
  payments: z.array(PaymentItemSchema),
  reminders: z.array(ReminderItemSchema),
  seats: z.array(MemberListItemSchema),
  invitations: z.array(
    z.object({ email: z.string(), createdAt: z.string(), acceptedAt: z.string().nullable() }),
  ),
});
export type MemberDetail = z.infer<typeof MemberDetailSchema>;

export const ApproveBodySchema = z.strictObject({
  data: z.strictObject(
    { plan: z.enum(PLAN_SLUGS, { error: memberMessages.plan }).optional() },
    { error: messages.unknownField },
  ),
});
export const ApproveResultSchema = z.object({
  status: z.literal('por_pagar'),
  payment: z.object({ reference: z.string(), amountCents: z.number() }),
});

export const ReasonBodySchema = z.strictObject({
  data: z.strictObject(
    {
      reason: z
        .string({ error: memberMessages.reasonRequired })
        .trim()
        .min(1, { error: memberMessages.reasonRequired })
        .max(1_000, { error: messages.maxLength(1_000) }),
    },
    { error: messages.unknownField },
  ),
});

/** A payment as staff record it: `paidAt` a day (YYYY-MM-DD, on the association's clock) or an instant. */
export const PaymentInputSchema = z.strictObject(
  {
    amountCents: z
      .number({ error: memberMessages.amount })
      .int({ error: memberMessages.amountInteger })
      .min(1, { error: memberMessages.amount })
      .max(100_000_000, { error: messages.invalidValue }),
    method: z.enum(PAYMENT_METHODS, { error: memberMessages.method }),
    reference: requiredText(40),
    paidAt: z
      .string({ error: memberMessages.paidAt })
      .refine((text) => parseIsoDay(text) !== undefined || isInstant(text), {
        error: memberMessages.paidAt,
      }),
  },
  { error: messages.unknownField },
);
export type PaymentInput = z.infer<typeof PaymentInputSchema>;
export const PaymentBodySchema = z.strictObject({ data: PaymentInputSchema });

function isInstant(text: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text) &&
    !Number.isNaN(Date.parse(text))
  );
}

export const PaymentResultSchema = z.object({
  /** The receipt's folio (R-2026-00017). */
  receipt: z.string(),
  paymentId: z.string(),
  status: z.enum(MEMBER_STATUSES),
  periodStart: day,
  periodEnd: day,
});
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

/** One line of a bank statement, read and matched against the payments waiting. */
export const StatementLineSchema = z.object({
  line: z.number(),
  date: z.string().nullable(),
  concept: z.string(),
  amountCents: z.number().nullable(),
  reference: z.string().nullable(),
  /**
   * `coincide`: a payment waits with this reference and this amount; `importe distinto`: the reference
   * is known but the amount is not its own (never proposed); `ya registrado`: it was recorded already;
   * `sin referencia`: no reference of ours, or not one waiting.
   */
  match: z.enum(['coincide', 'importe distinto', 'ya registrado', 'sin referencia']),
  memberId: z.string().nullable(),
  memberNumber: z.number().nullable(),
  fullName: z.string().nullable(),
  expectedCents: z.number().nullable(),
});
export type StatementLine = z.infer<typeof StatementLineSchema>;

export const StatementAcceptBodySchema = z.strictObject({
  data: z.strictObject({
    matches: z
      .array(
        z.strictObject({
          reference: requiredText(40),
          amountCents: z.number().int().min(1),
          paidAt: z.string().refine((text) => parseIsoDay(text) !== undefined || isInstant(text), {
            error: memberMessages.paidAt,
          }),
        }),
      )
      .min(1, { error: messages.required })
      .max(1_000, { error: messages.tooMany(1_000) }),
  }),
});

export const ImportResultSchema = z.object({
  imported: z.number(),
  duplicates: z.array(z.object({ line: z.number(), email: z.string() })),
  errors: z.array(z.object({ line: z.number(), fields: z.record(z.string(), z.string()) })),
});

export const MembersSummarySchema = z.object({
  active: z.number(),
  endingIn30Days: z.number(),
  inGrace: z.number(),
  applications: z.number(),
});
export type MembersSummary = z.infer<typeof MembersSummarySchema>;

// --- Public ------------------------------------------------------------------------------------------

export const AccessBodySchema = z.strictObject({ data: z.strictObject({ email: EmailSchema }) });

export const DirectoryEntrySchema = z.object({
  number: z.number(),
  fullName: z.string().optional(),
  organisation: z.string().optional(),
  position: z.string().optional(),
  linkedin: z.string().optional(),
});
export type DirectoryEntry = z.infer<typeof DirectoryEntrySchema>;

/** The directory's fields a member may show, each by its own choice. */
export const DIRECTORY_FIELDS = ['fullName', 'organisation', 'position', 'linkedin'] as const;
export type DirectoryField = (typeof DIRECTORY_FIELDS)[number];

/** A LinkedIn profile's address, https only. */
export const LinkedinSchema = z
  .string()
  .trim()
  .max(300, { error: memberMessages.linkedin })
  .refine((text) => /^https:\/\/([a-z]{2,3}\.)?linkedin\.com\/[^\s<>"]+$/i.test(text), {
    error: memberMessages.linkedin,
  });

// --- The member's own pages (private page data, src/shared/page-data.ts) ------------------------------

/** A notice or the field messages a page shows after one of its forms was posted. */
interface PageFeedback {
  notice?: string;
  fields?: Partial<Record<string, string>>;
  values?: Partial<Record<string, string>>;
}

/** `/Socia/<token>`: everything about her membership, and the forms that change it. */
export interface MemberPageData extends PageFeedback {
  kind: 'socia';
  fullName: string;
  number: number | null;
  planName: string;
  status: (typeof MEMBER_STATUSES)[number];
  statusText: string;
  /** A corporate seat: her coordinator pays and renews. */
  isSeat: boolean;
  /** A payment waiting, with how to pay it. */
  payment: {
    reference: string;
    amountText: string;
    bank: string;
    beneficiary: string;
    clabe: string;
  } | null;
  receipts: { id: string; folio: string; dateText: string; amountText: string }[];
  canRenew: boolean;
  /** Her directory entry: only once she is a member with a period. */
  directory: { listed: boolean; fields: DirectoryField[]; linkedin: string } | null;
  canLeave: boolean;
  /** A student's proof of enrolment, while her application is under review. */
  proof: { uploaded: boolean } | null;
  /** A corporate coordinator's seats. */
  seats: { total: number; invitations: { email: string; accepted: boolean }[]; canInvite: boolean } | null;
}

/** `/Socia`: asking for the link to her page by e-mail. */
export interface MemberAccessPageData extends PageFeedback {
  kind: 'socia-acceso';
  sent: boolean;
}

/** `/Socia/invitacion/<token>`: a seat's invitation, whose button accepts. */
export interface InvitationPageData extends PageFeedback {
  kind: 'socia-invitacion';
  /** False for an unknown or used invitation. */
  valid: boolean;
  organisation: string;
  planName: string;
}

/** An unknown link to a member's page. */
export interface MemberNotFoundPageData {
  kind: 'socia-desconocida';
}

export type MemberPagesData =
  MemberPageData | MemberAccessPageData | InvitationPageData | MemberNotFoundPageData;
