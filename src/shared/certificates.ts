import { z } from 'zod';
import { apiRoutes, fillRoute } from './api-paths.ts';
import { messages } from './messages.ts';
import { requiredText } from './schemas.ts';

// Certificates of participation and the survey after an event (src/server/certificates): the
// contract of the admin's API, the public pages' addresses and the data those pages are drawn with.

/** The public pages: a certificate's verification (its PDF beside it) and a survey link. */
export const certificatePaths = {
  verify: '/Constancias/:folio',
  survey: '/Encuesta/:token',
} as const;

export const certificateLinks = {
  verify: (folio: string) => certificatePaths.verify.replace(':folio', encodeURIComponent(folio)),
  pdf: (folio: string) => `${certificatePaths.verify.replace(':folio', encodeURIComponent(folio))}.pdf`,
  survey: (token: string) => certificatePaths.survey.replace(':token', encodeURIComponent(token)),
} as const;

/** A survey closes this many days after the event's start. */
export const SURVEY_OPEN_DAYS = 7;
/** Certificates and surveys go out this long after the event's start. */
export const FOLLOWUP_AFTER_HOURS = 2;

export const SignerSchema = z.strictObject({
  name: requiredText(120),
  role: requiredText(120),
});

/** What staff set per event (`PUT /api/admin/events/:id/certificate`). */
export const CertificateSettingsSchema = z.strictObject({
  enabled: z.boolean({ error: 'Indica si se emiten constancias' }),
  hours: z
    .number({ error: 'Escribe las horas' })
    .int({ error: 'Escribe un número entero de horas' })
    .min(1, { error: 'Al menos 1 hora' })
    .max(500, { error: 'Como máximo 500 horas' }),
  text: z
    .string({ error: messages.required })
    .trim()
    .max(600, { error: messages.maxLength(600) }),
  signers: z.array(SignerSchema).max(3, { error: 'Como máximo tres firmantes' }),
});
export type CertificateSettings = z.infer<typeof CertificateSettingsSchema>;

export const CertificateSettingsBodySchema = z.strictObject({ data: CertificateSettingsSchema });

export const RevokeBodySchema = z.strictObject({
  data: z.strictObject({ reason: requiredText(500) }),
});

/** Staff may send one person's mail alone (checked in late); otherwise everyone's still unsent. */
export const SendBodySchema = z
  .strictObject({ data: z.strictObject({ registrationId: z.string().min(1).max(64).optional() }) })
  .nullish();

export const CertificateListItemSchema = z.object({
  folio: z.string(),
  fullName: z.string(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
});
export type CertificateListItem = z.infer<typeof CertificateListItemSchema>;

/** The admin's screen of one event: its settings (null: never set), certificates and mail counts. */
export const EventCertificatesSchema = z.object({
  eventName: z.string(),
  settings: CertificateSettingsSchema.nullable(),
  certificates: z.array(CertificateListItemSchema),
  checkedIn: z.number(),
  mailed: z.number(),
});
export type EventCertificates = z.infer<typeof EventCertificatesSchema>;

export const SurveyResultsSchema = z.object({
  responses: z.number(),
  averageRating: z.number().nullable(),
  averageRecommend: z.number().nullable(),
  comments: z.array(z.object({ comment: z.string(), name: z.string().nullable(), answeredAt: z.string() })),
});
export type SurveyResults = z.infer<typeof SurveyResultsSchema>;

/** The survey's answer as the page's form posts it (strings, as a plain HTML form sends them). */
export const SurveyAnswerSchema = z.object({
  rating: z.coerce
    .number({ error: 'Elige una calificación del 1 al 5' })
    .int({ error: 'Elige una calificación del 1 al 5' })
    .min(1, { error: 'Elige una calificación del 1 al 5' })
    .max(5, { error: 'Elige una calificación del 1 al 5' }),
  recommend: z.coerce
    .number({ error: 'Elige un número del 0 al 10' })
    .int({ error: 'Elige un número del 0 al 10' })
    .min(0, { error: 'Elige un número del 0 al 10' })
    .max(10, { error: 'Elige un número del 0 al 10' }),
  comment: z
    .string()
    .trim()
    .max(2000, { error: messages.maxLength(2000) }),
  quote: z.boolean(),
});
export type SurveyAnswer = z.infer<typeof SurveyAnswerSchema>;

/** `/Constancias/<folio>`: what anyone may check of a certificate. */
export interface CertificatePageData {
  kind: 'constancia';
  found: boolean;
  fullName: string;
  eventName: string;
  dateText: string;
  hours: number;
  status: 'Vigente' | 'Revocada';
}

/** `/Encuesta/<token>`: the survey, or why it cannot be answered. */
export interface SurveyPageData {
  kind: 'encuesta';
  state: 'open' | 'answered' | 'thanks' | 'closed' | 'unknown';
  eventName: string;
  closesText: string;
  /** Why a post was refused (another site's post, too many posts). */
  notice?: string;
  fields?: Record<string, string>;
  values?: { rating?: string; recommend?: string; comment?: string; quote?: boolean };
}

/** The admin's API, with its parameters filled. Made by a call marked pure (see `adminPaths`). */
const makeCertificateApiPaths = (routes: typeof apiRoutes) => ({
  settings: (eventId: string) => fillRoute(routes.eventCertificate, eventId),
  list: (eventId: string) => fillRoute(routes.eventCertificates, eventId),
  send: (eventId: string) => fillRoute(routes.eventCertificatesSend, eventId),
  revoke: (folio: string) => fillRoute(routes.certificateRevoke, folio),
  results: (eventId: string) => fillRoute(routes.eventSurveyResults, eventId),
  resultsCsv: (eventId: string) => fillRoute(routes.eventSurveyResultsCsv, eventId),
});
export const certificateApiPaths = /* @__PURE__ */ makeCertificateApiPaths(apiRoutes);
