import type { CertificateSettings, EventCertificates, SurveyResults } from '../../shared/certificates.ts';
import { clock } from '../../shared/clock.ts';
import { toCsv } from '../lib/csv.ts';
import {
  certificatesOfEvent,
  eventOf,
  followupCounts,
  revokeCertificate,
  saveSettings,
  settingsOf,
} from './certificates.repository.ts';
import type { CertificatesContext } from './context.ts';
import { answersOfEvent, surveyAverages } from './survey.repository.ts';

const round = (value: number | string | null) =>
  value === null ? null : Math.round(Number(value) * 10) / 10;

/** Saves an event's settings; false when there is no such event. */
export async function putSettings(
  context: CertificatesContext,
  eventId: string,
  settings: CertificateSettings,
): Promise<boolean> {
  if (!(await eventOf(context.db, eventId))) return false;
  await saveSettings(context.db, eventId, settings, context.now());
  return true;
}

/** The admin's screen of an event: settings, certificates and how many were mailed. */
export async function eventCertificates(
  context: CertificatesContext,
  eventId: string,
): Promise<EventCertificates | undefined> {
  const event = await eventOf(context.db, eventId);
  if (!event) return undefined;
  const [settings, rows, counts] = await Promise.all([
    settingsOf(context.db, eventId),
    certificatesOfEvent(context.db, eventId),
    followupCounts(context.db, eventId),
  ]);
  return {
    eventName: event.name,
    settings: settings ?? null,
    certificates: rows.map((row) => ({
      folio: row.folio,
      fullName: row.full_name,
      issuedAt: row.issued_at,
      revokedAt: row.revoked_at,
      revokedReason: row.revoked_reason,
    })),
    ...counts,
  };
}

export function revoke(context: CertificatesContext, folio: string, reason: string): Promise<boolean> {
  return revokeCertificate(context.db, folio, reason, context.now());
}

/** The survey's results: averages, and the comments (named only where she may be quoted). */
export async function surveyResults(
  context: CertificatesContext,
  eventId: string,
): Promise<SurveyResults | undefined> {
  if (!(await eventOf(context.db, eventId))) return undefined;
  const [averages, answers] = await Promise.all([
    surveyAverages(context.db, eventId),
    answersOfEvent(context.db, eventId),
  ]);
  return {
    responses: Number(averages.responses),
    averageRating: round(averages.rating),
    averageRecommend: round(averages.recommend),
    comments: answers
      .filter((answer) => answer.comment !== '')
      .map((answer) => ({
        comment: answer.comment,
        name: answer.quote_name,
        answeredAt: answer.answered_at,
      })),
  };
}

/** Every answer as a CSV file (the name only where she may be quoted). */
export async function surveyCsv(context: CertificatesContext, eventId: string): Promise<string | undefined> {
  if (!(await eventOf(context.db, eventId))) return undefined;
  const answers = await answersOfEvent(context.db, eventId);
  return toCsv(
    ['Fecha', 'Calificación (1-5)', 'La recomendaría (0-10)', 'Comentario', 'Nombre (puede citarse)'],
    answers.map((answer) => [
      clock.formatNumeric(answer.answered_at),
      answer.rating,
      answer.recommend,
      answer.comment,
      answer.quote_name ?? '',
    ]),
  );
}
