import { z } from 'zod';
import { addBusinessDays } from './arco.ts';
import { clock, isoDay } from './clock.ts';
import { TEXT_LIMITS } from './constants.ts';
import { messages } from './messages.ts';
import { EmailSchema, requiredText } from './schemas.ts';

// A report of an accessibility barrier: the form of /Accesibilidad. It lands in the requests' inbox as
// its own kind, answered within ten business days (counted as the ARCO deadlines are).

/** The inbox kind of a barrier report. */
export const BARRIER_KIND = 'barrera';
/** Business days within which the association answers a report (the ARCO calendar's rest days apply). */
export const BARRIER_ANSWER_BUSINESS_DAYS = 10;
/** The longest description of what happened. */
export const BARRIER_DETAILS_MAX = 3_000;

/** The page (its form posts here without script) and the page a stored report lands on. */
export { barrierPaths } from './api-paths.ts';
/** The API the form uses with script. */
export { barrierApiRoutes } from './api-paths.ts';

/** The form's fields, in the order it shows them. */
export const BARRIER_FIELD_NAMES = ['pageUrl', 'details', 'email'] as const;
export type BarrierFieldName = (typeof BARRIER_FIELD_NAMES)[number];

/** An empty optional field (a plain form sends "") is no field. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** What POST /api/accessibility/barriers takes under `data`, and the plain post to /Accesibilidad. */
export const BarrierReportSchema = z.strictObject(
  {
    /** Where it happened: an address or the page's name, as the visitor can tell it. */
    pageUrl: requiredText(TEXT_LIMITS.url),
    details: requiredText(BARRIER_DETAILS_MAX),
    /** Optional: where to answer. Without it the report is kept and read, and nobody is mailed. */
    email: z.preprocess(blankToUndefined, EmailSchema.optional()),
    /** Honeypot, as on the request forms: a report with it filled is kept as spam and mailed to nobody. */
    website: z
      .string()
      .max(TEXT_LIMITS.honeypot, { error: messages.maxLength(TEXT_LIMITS.honeypot) })
      .optional(),
  },
  { error: messages.unknownField },
);
export type BarrierReport = z.infer<typeof BarrierReportSchema>;
export const BarrierReportBodySchema = z.strictObject({ data: BarrierReportSchema });

/** The day (YYYY-MM-DD, association's clock) by which a report received at `receivedAt` is answered. */
export function barrierAnswerDue(receivedAt: Date | string): string {
  return isoDay(addBusinessDays(clock.day(receivedAt)!, BARRIER_ANSWER_BUSINESS_DAYS));
}

/** The answer to a stored report: the day the answer is due. */
export const BarrierReceiptSchema = z.object({ answerDue: z.string() });
export type BarrierReceipt = z.infer<typeof BarrierReceiptSchema>;
