import { z } from 'zod';
import {
  EMAIL_LOCAL_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  MEMBERSHIP_TYPES,
  PHONE_DIGITS,
  TEXT_LIMITS,
} from './constants.ts';
import { messages, registrationSettingsMessages } from './messages.ts';

// In the browser the site's Content-Security-Policy forbids eval: zod must not even try its compiled
// fast path there (the attempt alone is reported as a violation). Set before any schema is made; every
// other shared schema module imports this one first. The server keeps the fast path.
if (typeof window !== 'undefined') z.config({ jitless: true });

/**
 * The contract shared by the forms, the API routes and the API client. Every rule exists once, here.
 */

// The usual address pattern (as browsers and Angular check it), plus the spec's 254/64 limits, less
// `# % & = ?`: they are legal in an address but change what a `mailto:` link means (a `?bcc=…` in the
// address adds recipients to the draft the admin opens), and real addresses do not use them.
const EMAIL_LOCAL_CHARS = "[a-zA-Z0-9!$'*+/^_`{|}~-]";
const EMAIL_PATTERN = new RegExp(
  `^(?=.{1,${EMAIL_MAX_LENGTH}}$)(?=.{1,${EMAIL_LOCAL_MAX_LENGTH}}@)` +
    `${EMAIL_LOCAL_CHARS}+(?:\\.${EMAIL_LOCAL_CHARS}+)*` +
    '@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$',
);
const PHONE_PATTERN = new RegExp(`^\\d{${PHONE_DIGITS}}$`);

/** A required, trimmed, bounded text. A missing value and an empty one read the same to a person. */
export const requiredText = (max: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(max, { error: messages.maxLength(max) })
    // A NUL byte is never typed by a person, and PostgreSQL cannot store one in text.
    .refine((value) => !value.includes('\u0000'), { error: messages.invalidValue });

export const EmailSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required })
  .regex(EMAIL_PATTERN, { error: messages.emailFormat });

export const PhoneNumberSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required })
  .regex(PHONE_PATTERN, { error: messages.phoneDigits });

export const MembershipTypeSchema = z.enum(MEMBERSHIP_TYPES, { error: messages.membershipType });

/** The fields a visitor types into either request form, in the order the forms show them. */
export const REQUEST_FIELD_NAMES = ['fullName', 'company', 'position', 'email', 'phoneNumber'] as const;
export type RequestFieldName = (typeof REQUEST_FIELD_NAMES)[number];

const contactFields = {
  fullName: requiredText(TEXT_LIMITS.personName),
  company: requiredText(TEXT_LIMITS.company),
  position: requiredText(TEXT_LIMITS.position),
  email: EmailSchema,
  phoneNumber: PhoneNumberSchema,
  /** Honeypot: a hidden input people leave empty; anything in it marks the request as spam. */
  website: z
    .string()
    .max(TEXT_LIMITS.honeypot, { error: messages.maxLength(TEXT_LIMITS.honeypot) })
    .optional(),
} satisfies Record<RequestFieldName | 'website', z.ZodType>;

/**
 * The unticked "Quiero recibir el boletín" box of the request forms: `true` from the API (and the form
 * with script), `on` from a form posted without script; unticked, it is absent.
 */
const newsletterOptIn = z
  .union([z.boolean(), z.literal('on')], { error: messages.invalidValue })
  .optional()
  // Unticked, it is left out of the request rather than sent as false.
  .transform((value) => (value === true || value === 'on' ? true : undefined));

/** The home page's contact form. */
export const ContactFormSchema = z.strictObject(
  { ...contactFields, newsletter: newsletterOptIn },
  { error: messages.unknownField },
);
export type ContactForm = z.infer<typeof ContactFormSchema>;

/** The membership page's request form: the contact fields plus the chosen membership type. */
export const MembershipFormSchema = z.strictObject(
  { ...contactFields, memberships: MembershipTypeSchema, newsletter: newsletterOptIn },
  { error: messages.unknownField },
);
export type MembershipForm = z.infer<typeof MembershipFormSchema>;

/** What POST /api/mail/contact accepts under `data`: either form. */
export const ContactRequestSchema = z.strictObject(
  {
    ...contactFields,
    memberships: MembershipTypeSchema.optional(),
    newsletter: z.boolean({ error: messages.invalidValue }).optional(),
  },
  { error: messages.unknownField },
);
export type ContactRequest = z.infer<typeof ContactRequestSchema>;
export const ContactBodySchema = z.strictObject({ data: ContactRequestSchema });

/** The newsletter's subscription form (the footer of every page): an address, a name if given. */
export const NewsletterSubscribeSchema = z.strictObject(
  {
    email: EmailSchema,
    fullName: z
      .string()
      .trim()
      .max(TEXT_LIMITS.personName, { error: messages.maxLength(TEXT_LIMITS.personName) })
      .refine((value) => !value.includes('\u0000'), { error: messages.invalidValue })
      .optional()
      .transform((value) => value || undefined),
    /** Honeypot, as in the request forms. */
    website: z
      .string()
      .max(TEXT_LIMITS.honeypot, { error: messages.maxLength(TEXT_LIMITS.honeypot) })
      .optional(),
  },
  { error: messages.unknownField },
);
export type NewsletterSubscription = z.infer<typeof NewsletterSubscribeSchema>;
export const NewsletterSubscribeBodySchema = z.strictObject({ data: NewsletterSubscribeSchema });

// --- Content entities ---------------------------------------------------------------------------

const isSiteRelative = (value: string) =>
  value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
const isHttps = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
};

export const HttpsUrlSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required })
  .max(TEXT_LIMITS.url, { error: messages.maxLength(TEXT_LIMITS.url) })
  .refine(isHttps, { error: messages.httpsUrl });

export const ImageUrlSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required })
  .max(TEXT_LIMITS.url, { error: messages.maxLength(TEXT_LIMITS.url) })
  .refine((value) => isHttps(value) || isSiteRelative(value), { error: messages.url });

export const ImageListSchema = z
  .array(ImageUrlSchema, { error: messages.required })
  .max(TEXT_LIMITS.images, { error: messages.tooMany(TEXT_LIMITS.images) });

/**
 * The descriptions of an entry's images, by the image's address (any of its lists). Only those of the
 * entry's own images are kept, and an empty one is dropped (`keptDescriptions` in images.ts).
 */
export const ImageDescriptionsSchema = z
  .record(
    z.string().max(TEXT_LIMITS.url, { error: messages.maxLength(TEXT_LIMITS.url) }),
    z
      .string({ error: messages.invalidValue })
      .trim()
      .max(TEXT_LIMITS.imageDescription, { error: messages.maxLength(TEXT_LIMITS.imageDescription) }),
    { error: messages.invalidValue },
  )
  .refine((value) => Object.keys(value).length <= 2 * TEXT_LIMITS.images, {
    error: messages.tooMany(2 * TEXT_LIMITS.images),
  });
/** In an answer: present only when at least one image has a description. */
const ImageDescriptionsOutput = z.record(z.string(), z.string()).optional();

/** An ISO 8601 timestamp with a zone, normalised to UTC (`...Z`). */
export const UtcTimestampSchema = z
  .string({ error: messages.required })
  .trim()
  .pipe(z.iso.datetime({ offset: true, error: messages.isoDate }))
  .transform((value) => new Date(value).toISOString());

// --- Publication (drafts and scheduling) ---------------------------------------------------------

/** An event's or news item's state: a draft, scheduled for `publishAt`, or published. */
export const PUBLICATION_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

/**
 * The state fields of an event's or news item's input: both optional, so the spec's payloads (and every
 * client written before them) publish at once. `publishAt` is an instant with its offset (stored in
 * UTC); required when the state is `scheduled`, ignored otherwise.
 */
const publicationFields = {
  status: z.enum(PUBLICATION_STATUSES, { error: messages.publicationStatus }).default('published'),
  publishAt: UtcTimestampSchema.nullable().optional(),
};
const publishAtWhenScheduled = (
  value: { status: PublicationStatus; publishAt?: string | null | undefined },
  context: z.core.$RefinementCtx,
) => {
  if (value.status === 'scheduled' && !value.publishAt)
    context.addIssue({ code: 'custom', path: ['publishAt'], message: messages.publishAtRequired });
};

/** What the admin's answers add to an event or news item: its state, and when it was or will be public. */
export const PublicationSchema = z.object({
  status: z.enum(PUBLICATION_STATUSES),
  /** When a scheduled entry becomes public (UTC ISO); null when it is not scheduled. */
  publishAt: z.string().nullable(),
  /** When it became (or, scheduled, will become) public; null for a draft never published. */
  publishedAt: z.string().nullable(),
});
export type Publication = z.infer<typeof PublicationSchema>;

/** An event's registration settings: absent means people cannot sign up. `capacity` null: no limit. */
export const EventRegistrationInputSchema = z.object(
  {
    enabled: z.boolean({ error: messages.invalidValue }),
    capacity: z
      .number({ error: messages.invalidValue })
      .int({ error: registrationSettingsMessages.capacity })
      .min(1, { error: registrationSettingsMessages.capacity })
      .max(100_000, { error: registrationSettingsMessages.capacity })
      .nullable(),
  },
  // Not strict: the counts an event's answer carries beside the settings are read and dropped, so what
  // the admin reads can be sent back as it is.
);
export type EventRegistrationInput = z.infer<typeof EventRegistrationInputSchema>;

export const EventInputSchema = z
  .strictObject(
    {
      name: requiredText(TEXT_LIMITS.title),
      location: requiredText(TEXT_LIMITS.location),
      date: requiredText(TEXT_LIMITS.displayDate),
      eventDate: UtcTimestampSchema,
      description: requiredText(TEXT_LIMITS.description),
      images: ImageListSchema,
      imageCover: ImageListSchema,
      imageDescriptions: ImageDescriptionsSchema.optional(),
      linkEvent: HttpsUrlSchema,
      registration: EventRegistrationInputSchema.optional(),
      ...publicationFields,
    },
    { error: messages.unknownField },
  )
  .superRefine(publishAtWhenScheduled);
export type EventInput = z.input<typeof EventInputSchema>;
export const EventSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  date: z.string(),
  eventDate: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  imageCover: z.array(z.string()),
  imageDescriptions: ImageDescriptionsOutput,
  linkEvent: z.string(),
  /** The event's page is `/Eventos/<slug>`: made from the name at creation, unique, never changed. */
  slug: z.string(),
  /** Whether people can sign up, the seats, and how many are confirmed and waiting (never who). */
  registration: z
    .object({
      enabled: z.boolean(),
      capacity: z.number().nullable(),
      confirmed: z.number(),
      waitlisted: z.number(),
    })
    .optional(),
});
export type Event = z.infer<typeof EventSchema>;
export type EventRegistration = NonNullable<Event['registration']>;

export const NewsInputSchema = z
  .strictObject(
    {
      name: requiredText(TEXT_LIMITS.title),
      address: requiredText(TEXT_LIMITS.location),
      description: requiredText(TEXT_LIMITS.html),
      images: ImageListSchema,
      imageDescriptions: ImageDescriptionsSchema.optional(),
      ...publicationFields,
    },
    { error: messages.unknownField },
  )
  .superRefine(publishAtWhenScheduled);
export type NewsInput = z.input<typeof NewsInputSchema>;
export const NewsSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  imageDescriptions: ImageDescriptionsOutput,
  /** The entry's page is `/Noticias/<slug>`: made from the name at creation, unique, never changed. */
  slug: z.string(),
  /** When it became public (UTC ISO): the date its page and card show. */
  publishedAt: z.string().optional(),
});
export type News = z.infer<typeof NewsSchema>;

/** An event or news item as the admin's answers give it: with its state. */
export const AdminEventSchema = EventSchema.extend(PublicationSchema.shape);
export type AdminEvent = z.infer<typeof AdminEventSchema>;
export const AdminNewsSchema = NewsSchema.extend(PublicationSchema.shape);
export type AdminNews = z.infer<typeof AdminNewsSchema>;

export const PartnerInputSchema = z.strictObject(
  {
    name: requiredText(TEXT_LIMITS.personName),
    job: requiredText(TEXT_LIMITS.position),
    images: ImageListSchema,
    imageDescriptions: ImageDescriptionsSchema.optional(),
    link: z
      .union([HttpsUrlSchema, z.literal(''), z.null()])
      .optional()
      .transform((value) => value || undefined),
  },
  { error: messages.unknownField },
);
export type PartnerInput = z.input<typeof PartnerInputSchema>;
export const PartnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  job: z.string(),
  images: z.array(z.string()),
  imageDescriptions: ImageDescriptionsOutput,
  link: z.string().optional(),
});
export type Partner = z.infer<typeof PartnerSchema>;

// --- Auth ---------------------------------------------------------------------------------------

export const LoginSchema = z.strictObject({
  email: EmailSchema,
  password: z
    .string({ error: messages.required })
    .min(1, { error: messages.required })
    .max(1_024, { error: messages.maxLength(1_024) }),
});
export type Login = z.infer<typeof LoginSchema>;
export const AdminSchema = z.object({ id: z.string(), email: z.string() });
export type Admin = z.infer<typeof AdminSchema>;

// --- Envelopes ----------------------------------------------------------------------------------

export const IdParamSchema = z.object({ id: z.string().min(1).max(200) });
export const IdSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required })
  .max(200);

export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const dataEnvelope = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** Turns zod issues into the API's `fields` map: the first message for each field path. */
export function fieldMessages(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] ??= messages.unknownField;
      continue;
    }
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
