import { z } from 'zod';
import { ARCO_RIGHTS, ARCO_STATUSES } from './arco.ts';
import { EMAIL_MAX_LENGTH, TEXT_LIMITS } from './constants.ts';
import { messages, privacyMessages } from './messages.ts';
import { EmailSchema, requiredText } from './schemas.ts';

/** The fields of the ARCO form, in the order it shows them. */
export const ARCO_FIELD_NAMES = ['fullName', 'email', 'right', 'details'] as const;
export type ArcoFieldName = (typeof ARCO_FIELD_NAMES)[number];

/** The longest description an ARCO request takes. */
export const ARCO_DETAILS_MAX = 5_000;

/** What POST /api/privacy/requests takes under `data`, and the plain form post `/DerechosARCO`. */
export const ArcoRequestSchema = z.strictObject(
  {
    fullName: requiredText(TEXT_LIMITS.personName),
    email: EmailSchema,
    right: z.enum(ARCO_RIGHTS, { error: privacyMessages.right }),
    details: requiredText(ARCO_DETAILS_MAX),
    /** Honeypot, as on the request forms: a request with it filled is refused without a word. */
    website: z
      .string()
      .max(TEXT_LIMITS.honeypot, { error: messages.maxLength(TEXT_LIMITS.honeypot) })
      .optional(),
  },
  { error: messages.unknownField },
);
export type ArcoRequestInput = z.infer<typeof ArcoRequestSchema>;
export const ArcoBodySchema = z.strictObject({ data: ArcoRequestSchema });

/** The answer to a stored ARCO request: its folio, and the day by which the association answers. */
export const ArcoReceiptSchema = z.object({ folio: z.string(), answerDue: z.string() });
export type ArcoReceipt = z.infer<typeof ArcoReceiptSchema>;

// --- The admin's side ---------------------------------------------------------------------------

/** An ARCO request as the admin reads it; the due days are YYYY-MM-DD on the association's clock. */
export const ArcoItemSchema = z.object({
  id: z.string(),
  folio: z.string(),
  fullName: z.string(),
  email: z.string(),
  right: z.enum(ARCO_RIGHTS),
  details: z.string(),
  status: z.enum(ARCO_STATUSES),
  receivedAt: z.string(),
  answeredAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  answerDue: z.string(),
  executionDue: z.string(),
  /** The due day that applies now (the answer's until it is answered, then the carrying out's); null once concluded. */
  nextDue: z.string().nullable(),
  /** Business days left until `nextDue` (negative: overdue); null once concluded. */
  businessDaysLeft: z.number().nullable(),
  /** Who did what with it (the audit log), oldest first; in the detail only. */
  history: z
    .array(
      z.object({
        at: z.string(),
        adminEmail: z.string().nullable(),
        action: z.string(),
        detail: z.string().nullable(),
      }),
    )
    .optional(),
});
export type ArcoItem = z.infer<typeof ArcoItemSchema>;

export const ArcoQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(25),
  status: z.enum(ARCO_STATUSES).optional(),
  /** true: only those still open (not concluded). */
  open: z.enum(['true', 'false']).optional(),
});

export const ArcoStatusBodySchema = z.strictObject({
  status: z.enum(ARCO_STATUSES, { error: privacyMessages.status }),
});

/** The admin summary's privacy part: ARCO requests overdue or due soon. */
export const PrivacySummarySchema = z.object({
  overdue: z.array(ArcoItemSchema),
  dueSoon: z.array(ArcoItemSchema),
});
export type PrivacySummary = z.infer<typeof PrivacySummarySchema>;

export const PersonQuerySchema = z.object({
  email: z.string().trim().min(1, { error: messages.required }).max(EMAIL_MAX_LENGTH),
});

export const PersonCancelBodySchema = z.strictObject({
  data: z.strictObject({ email: EmailSchema }),
});

/** Everything stored about one address: a section per registered source, and the privacy machinery's own. */
export const PersonRecordSchema = z
  .object({
    email: z.string(),
    blocked: z
      .object({ blockedAt: z.string(), eraseAfter: z.string(), erasedAt: z.string().nullable() })
      .nullable(),
    consents: z.array(z.unknown()),
    outbox: z.array(z.unknown()),
  })
  .catchall(z.array(z.unknown()));
export type PersonRecord = z.infer<typeof PersonRecordSchema>;

export const PersonCancelResultSchema = z.object({
  email: z.string(),
  blockedAt: z.string(),
  eraseAfter: z.string(),
  /** Messages to this address that were waiting and will not be sent. */
  cancelledMail: z.number(),
});
