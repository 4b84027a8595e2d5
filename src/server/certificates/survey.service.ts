import type { SurveyAnswer, SurveyPageData } from '../../shared/certificates.ts';
import { clock } from '../../shared/clock.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import { recordConsent } from '../consent/consents.repository.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { hashToken, looksLikeToken } from '../lib/link-tokens.ts';
import type { CertificatesContext } from './context.ts';
import { followupByToken } from './followups.repository.ts';
import { surveyClosesAt } from './followups.service.ts';
import { hasAnswer, insertAnswer } from './survey.repository.ts';

type SurveyState = SurveyPageData['state'];

/** Where a survey link stands: unknown, answered, closed (seven days after the event) or open. */
async function surveyOf(context: CertificatesContext, token: string) {
  if (!looksLikeToken(token)) return { state: 'unknown' as const };
  const tokenHash = hashToken(token);
  const followup = await followupByToken(context.db, tokenHash);
  if (!followup) return { state: 'unknown' as const };
  const closesAt = surveyClosesAt(followup.event_date);
  const base = {
    tokenHash,
    followup,
    eventName: followup.event_name,
    closesText: clock.formatLong(closesAt),
  };
  if (await hasAnswer(context.db, tokenHash)) return { ...base, state: 'answered' as const };
  if (context.now().getTime() >= closesAt.getTime()) return { ...base, state: 'closed' as const };
  return { ...base, state: 'open' as const };
}

/** The survey page's data; opening it records nothing (mail scanners open links). */
export async function surveyPage(context: CertificatesContext, token: string): Promise<SurveyPageData> {
  const survey = await surveyOf(context, token);
  return {
    kind: 'encuesta',
    state: survey.state,
    eventName: 'eventName' in survey ? survey.eventName : '',
    closesText: 'closesText' in survey ? survey.closesText : '',
  };
}

/**
 * Stores an answer, once: the unique key on the link refuses a second (two posts at once included).
 * Her name is kept, and the consent to quote it recorded, only when she ticked the box.
 */
export async function answerSurvey(
  context: CertificatesContext,
  token: string,
  answer: SurveyAnswer,
): Promise<{ state: SurveyState; eventName: string; closesText: string }> {
  const survey = await surveyOf(context, token);
  if (survey.state !== 'open') {
    return {
      state: survey.state,
      eventName: 'eventName' in survey ? survey.eventName : '',
      closesText: 'closesText' in survey ? survey.closesText : '',
    };
  }
  const { followup, tokenHash, eventName, closesText } = survey;
  const now = context.now();
  try {
    await context.db.transaction().execute(async (trx) => {
      const id = await insertAnswer(trx, {
        tokenHash,
        eventId: followup.event_id,
        email: followup.email,
        rating: answer.rating,
        recommend: answer.recommend,
        comment: answer.comment,
        quoteName: answer.quote ? followup.full_name : null,
        now,
      });
      if (answer.quote) {
        await recordConsent(trx, {
          email: followup.email,
          purpose: 'survey-quote',
          source: 'encuesta',
          noticeVersion: PRIVACY_NOTICE_VERSION,
          refId: id,
          givenAt: now,
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { state: 'answered', eventName, closesText };
    throw error;
  }
  return { state: 'thanks', eventName, closesText };
}
