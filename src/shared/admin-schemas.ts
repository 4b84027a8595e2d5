import { z } from 'zod';
import { parseIsoDay } from './clock.ts';
import { EMAIL_MAX_LENGTH, MEMBERSHIP_TYPES } from './constants.ts';
import { adminMessages, messages } from './messages.ts';
import { EmailSchema, type RequestFieldName } from './schemas.ts';

// The admin API's contract: request and answer shapes used by its routes (src/server/admin) and read by
// the admin app (src/web/admin), and its paths.

/** `barrera`: a report of an accessibility barrier (src/shared/barriers.ts), answered within ten business days. */
export const REQUEST_KINDS = ['contacto', ...MEMBERSHIP_TYPES, 'barrera'] as const;
export const REQUEST_STATUSES = ['nueva', 'atendida', 'archivada'] as const;
export const MIN_PASSWORD_LENGTH = 12;
/** Long enough for any passphrase, short enough that hashing it costs nothing unusual. */
export const MAX_PASSWORD_LENGTH = 1_024;
/** Rows per page of the admin's lists, unless asked otherwise, and the most one page may hold. */
export const PAGE_SIZE = 25;
export const PAGE_SIZE_MAX = 200;
/** The longest retention the admin may set: ten years. */
export const RETENTION_MAX_DAYS = 3_650;
export const DELIVERY_STATES = ['pendiente', 'enviado', 'fallido', 'sin envío'] as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: adminMessages.isoDay })
  .refine((text) => parseIsoDay(text) !== undefined, { error: adminMessages.noSuchDay });
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Which page of a list, and how many rows a page holds. */
export const paging = {
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE),
};

export const InboxQuerySchema = z.object({
  kind: z.enum(REQUEST_KINDS).optional(),
  status: z.enum(REQUEST_STATUSES).optional(),
  spam: flag.optional(),
  from: day.optional(),
  to: day.optional(),
  q: z.string().max(200).optional(),
  ...paging,
  order: z.enum(['asc', 'desc']).default('desc'),
});

/** The admin summary's part of the inbox: requests nobody has handled for STALE_REQUEST_DAYS. */
export const RequestsSummarySchema = z.object({
  /** Contact and membership requests still `nueva` after STALE_REQUEST_DAYS. */
  staleRequests: z.number(),
});
export type RequestsSummary = z.infer<typeof RequestsSummarySchema>;

export const InboxItemSchema = z.object({
  id: z.string(),
  kind: z.enum(REQUEST_KINDS),
  fullName: z.string(),
  company: z.string(),
  position: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  spam: z.boolean(),
  status: z.enum(REQUEST_STATUSES),
  createdAt: z.string(),
  /** A barrier report's page and what happened; null for every other kind. */
  pageUrl: z.string().nullable(),
  details: z.string().nullable(),
  /** A barrier report's answer day (YYYY-MM-DD) and the business days left until it (negative: late),
   * while it is `nueva`; null for every other kind, and once handled. */
  answerDue: z.string().nullable(),
  businessDaysLeft: z.number().nullable(),
  delivery: z.object({
    state: z.enum(DELIVERY_STATES),
    attempts: z.number(),
    lastError: z.string().nullable(),
    messages: z.array(
      z.object({
        purpose: z.enum(['notify', 'ack']),
        status: z.string(),
        attempts: z.number(),
        lastError: z.string().nullable(),
        sentAt: z.string().nullable(),
      }),
    ),
  }),
});

export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number() });

export const StatusBodySchema = z.strictObject({
  status: z.enum(REQUEST_STATUSES, { error: adminMessages.requestStatus }),
});

export const RetentionSchema = z.strictObject({
  retentionDays: z
    .number({ error: adminMessages.retentionNumber })
    .int({ error: adminMessages.retentionInteger })
    .min(1, { error: adminMessages.retentionMin })
    .max(RETENTION_MAX_DAYS, { error: adminMessages.retentionMax(RETENTION_MAX_DAYS) })
    .nullable(),
});

/** A new password, wherever one is set: creating an admin, changing one's own, a reset by mail. */
export const NewPasswordSchema = z
  .string({ error: messages.required })
  .min(MIN_PASSWORD_LENGTH, { error: adminMessages.passwordTooShort(MIN_PASSWORD_LENGTH) })
  .max(MAX_PASSWORD_LENGTH, { error: adminMessages.passwordTooLong });

export const NewAdminSchema = z.strictObject({ email: EmailSchema, password: NewPasswordSchema });
export const PasswordChangeSchema = z.strictObject({
  currentPassword: z.string({ error: messages.required }).min(1, { error: messages.required }),
  newPassword: NewPasswordSchema,
});

export const AdminRowSchema = z.object({ id: z.string(), email: z.string(), createdAt: z.string() });

export const AuditQuerySchema = z.object({
  ...paging,
  action: z.string().max(64).optional(),
  admin: z.string().max(EMAIL_MAX_LENGTH).optional(),
});

export const AuditRowSchema = z.object({
  id: z.string(),
  adminEmail: z.string().nullable(),
  action: z.string(),
  method: z.string(),
  path: z.string(),
  targetId: z.string().nullable(),
  detail: z.string().nullable(),
  createdAt: z.string(),
});

export const UploadSchema = z.object({
  id: z.string(),
  src: z.string(),
  width: z.number(),
  height: z.number(),
  srcset: z.array(z.object({ url: z.string(), width: z.number() })),
  originalName: z.string().optional(),
  createdAt: z.string().optional(),
  /** Whether an event, news item or partner shows it (in the list only). */
  used: z.boolean().optional(),
});

export const UploadsQuerySchema = z.object({
  unused: flag.optional(),
});

export type InboxItem = z.infer<typeof InboxItemSchema>;

/** What the site stores of a visitor's request (the inbox adds its id, status, date and mail). */
export type StoredRequest = Pick<InboxItem, 'kind' | RequestFieldName | 'spam'>;
export type RequestKind = InboxItem['kind'];
export type RequestStatus = InboxItem['status'];
export type UploadedImage = z.infer<typeof UploadSchema>;

// --- Newsletter ---------------------------------------------------------------------------------

export const SUBSCRIBER_STATUSES = ['pending', 'active', 'unsubscribed', 'bounced'] as const;
export const CAMPAIGN_STATUSES = ['draft', 'queuing', 'sending', 'sent'] as const;

export const SubscriberQuerySchema = z.object({
  status: z.enum(SUBSCRIBER_STATUSES).optional(),
  q: z.string().max(200).optional(),
  ...paging,
});

export const SubscriberItemSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  status: z.enum(SUBSCRIBER_STATUSES),
  source: z.string(),
  since: z.string(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type SubscriberItem = z.infer<typeof SubscriberItemSchema>;

/** A campaign as the admin writes it: a subject and the news editor's HTML (sanitised on write). */
export const CampaignInputSchema = z.strictObject(
  {
    subject: z
      .string({ error: messages.required })
      .trim()
      .min(1, { error: messages.required })
      .max(200, { error: messages.maxLength(200) })
      .refine((value) => !/[\r\n]/.test(value) && !value.includes('\u0000'), {
        error: messages.invalidValue,
      }),
    html: z
      .string({ error: messages.required })
      .trim()
      .min(1, { error: messages.required })
      .max(100_000, { error: messages.maxLength(100_000) }),
  },
  { error: messages.unknownField },
);
export type CampaignInput = z.infer<typeof CampaignInputSchema>;
export const CampaignBodySchema = z.strictObject({ data: CampaignInputSchema });

/** A page of the campaigns list (newest first). */
export const CampaignQuerySchema = z.object({ ...paging });

export const CampaignSchema = z.object({
  id: z.string(),
  subject: z.string(),
  html: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  total: z.number(),
  queued: z.number(),
  sent: z.number(),
  failed: z.number(),
  cancelled: z.number(),
  /** Possibly not delivered: the sender stopped while handing them over (decision 036). */
  uncertain: z.number(),
  createdAt: z.string(),
  sendStartedAt: z.string().nullable(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

export const CampaignPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });

/**
 * The admin summary's newsletter card (`GET /api/admin/newsletter/summary`): active subscribers, those
 * who confirmed and those who left in the last 30 days, and the latest campaign that was sent (or is
 * being sent), with the same counts as its own screen.
 */
export const NewsletterSummarySchema = z.object({
  active: z.number(),
  joinedLast30Days: z.number(),
  leftLast30Days: z.number(),
  lastCampaign: CampaignSchema.pick({
    id: true,
    subject: true,
    status: true,
    total: true,
    sent: true,
    failed: true,
    uncertain: true,
    sendStartedAt: true,
  }).nullable(),
});
export type NewsletterSummary = z.infer<typeof NewsletterSummarySchema>;
