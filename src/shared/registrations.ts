import { z } from 'zod';
import { EMAIL_MAX_LENGTH, TEXT_LIMITS } from './constants.ts';
import { messages } from './messages.ts';
import { EmailSchema, requiredText } from './schemas.ts';

/**
 * The sign-up contract (issue 26), apart from schemas.ts so that only the pages with the form (and the
 * server) load it: the home page's first load does not.
 */
/** What a person sends to sign up for an event (the event page's form, the API). */
export const RegistrationFormSchema = z.strictObject(
  {
    fullName: requiredText(TEXT_LIMITS.personName),
    email: EmailSchema.max(EMAIL_MAX_LENGTH, { error: messages.maxLength(EMAIL_MAX_LENGTH) }),
    /**
     * The unticked "Quiero recibir el boletín" box: `true` starts the newsletter's double opt-in, as on
     * the request forms. Unticked, it is left out.
     */
    newsletter: z.boolean({ error: messages.invalidValue }).optional(),
    /** Honeypot, as in the request forms: a person leaves it empty. */
    website: z
      .string()
      .max(TEXT_LIMITS.honeypot, { error: messages.maxLength(TEXT_LIMITS.honeypot) })
      .optional(),
  },
  { error: messages.unknownField },
);
export type RegistrationForm = z.infer<typeof RegistrationFormSchema>;
export const RegistrationBodySchema = z.strictObject({ data: RegistrationFormSchema });

export const REGISTRATION_STATUSES = ['confirmed', 'waitlisted', 'cancelled'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** The answer to a sign-up: confirmed, or on the waitlist at `position` (from 1). */
export const RegistrationAnswerSchema = z.object({
  status: z.enum(['confirmed', 'waitlisted']),
  position: z.number().int().min(1).optional(),
});
export type RegistrationAnswer = z.infer<typeof RegistrationAnswerSchema>;

/**
 * One event's sign-ups at a glance (the admin's summary and events list): the same counts as the
 * event's own registrations screen. Events with sign-up on, or with sign-ups kept from before.
 */
export const RegistrationFillSchema = z.object({
  eventId: z.string(),
  name: z.string(),
  eventDate: z.string(),
  enabled: z.boolean(),
  capacity: z.number().nullable(),
  confirmed: z.number(),
  waitlisted: z.number(),
  checkedIn: z.number(),
});
export type RegistrationFill = z.infer<typeof RegistrationFillSchema>;
