import { randomInt } from 'node:crypto';
import {
  FOLLOWUP_AFTER_HOURS,
  SURVEY_OPEN_DAYS,
  certificateLinks,
  type CertificateSettings,
} from '../../shared/certificates.ts';
import { DAY_MS, HOUR_MS, clock } from '../../shared/clock.ts';
import { isBlocked } from '../consent/person-data.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { hashToken, newToken } from '../lib/link-tokens.ts';
import { queueMail } from '../mail/outbox.repository.ts';
import { insertCertificate, settingsOf } from './certificates.repository.ts';
import type { CertificatesContext } from './context.ts';
import { insertFollowup, pendingFollowups, type PendingFollowup } from './followups.repository.ts';
import { followupMail } from './templates.ts';

// No 0/O, 1/I/L or U: a folio read aloud or typed from paper is not mistaken for another.
const FOLIO_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A random folio, `C-` and four groups of four (about 78 bits): none can be guessed from another. */
export function newFolio(): string {
  const group = () =>
    Array.from({ length: 4 }, () => FOLIO_ALPHABET[randomInt(FOLIO_ALPHABET.length)]).join('');
  return `C-${group()}-${group()}-${group()}-${group()}`;
}

/** When an event's survey closes: seven days after its start. */
export const surveyClosesAt = (eventDate: string) =>
  new Date(Date.parse(eventDate) + SURVEY_OPEN_DAYS * DAY_MS);

/**
 * Writes the follow-up of each registration given: one transaction each holds its follow-up row (whose
 * primary key is the registration, so another instance or a run after a crash cannot write a second),
 * the certificate when the event issues them, and the outbox row with both links. Returns how many
 * were written. A person whose data are blocked gets nothing.
 */
async function writeFollowups(context: CertificatesContext, pending: readonly PendingFollowup[]) {
  const now = context.now();
  const settings = new Map<string, CertificateSettings | undefined>();
  let written = 0;
  for (const registration of pending) {
    if (!settings.has(registration.event_id)) {
      settings.set(registration.event_id, await settingsOf(context.db, registration.event_id));
    }
    const issue = settings.get(registration.event_id);
    const email = registration.email.trim().toLowerCase();
    try {
      const done = await context.db.transaction().execute(async (trx) => {
        if (await isBlocked(trx, email)) return false;
        const token = newToken();
        await insertFollowup(trx, {
          registrationId: registration.id,
          eventId: registration.event_id,
          email,
          tokenHash: hashToken(token),
          now,
        });
        let folio: string | undefined;
        if (issue?.enabled) {
          folio = newFolio();
          await insertCertificate(trx, {
            folio,
            registration_id: registration.id,
            event_id: registration.event_id,
            email,
            full_name: registration.full_name,
            event_name: registration.event_name,
            event_date: registration.event_date,
            hours: issue.hours,
            text: issue.text,
            signers: JSON.stringify(issue.signers),
            issued_at: now.toISOString(),
            revoked_at: null,
            revoked_reason: null,
          });
        }
        const mail = followupMail({
          eventName: registration.event_name,
          ...(folio ? { certificateLink: `${context.siteUrl}${certificateLinks.verify(folio)}` } : {}),
          surveyLink: `${context.siteUrl}${certificateLinks.survey(token)}`,
          closesText: clock.formatLong(surveyClosesAt(registration.event_date)),
        });
        await queueMail(
          trx,
          [{ purpose: 'event-followup', to: registration.email, refId: registration.id, ...mail }],
          context.mailFrom,
          new Date(),
        );
        return true;
      });
      if (done) written += 1;
    } catch (error) {
      // Another instance wrote this one first: it is mailed once, by that one.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  if (written > 0) context.wake();
  return written;
}

/**
 * The scheduled run: every checked-in person of an event that started at least two hours ago, and
 * whose survey is still open, who has not had her mail yet (a person checked in late gets hers alone,
 * on the next run).
 */
export async function sendDueFollowups(context: CertificatesContext): Promise<number> {
  const now = context.now().getTime();
  const pending = await pendingFollowups(context.db, {
    startedFrom: new Date(now - SURVEY_OPEN_DAYS * DAY_MS).toISOString(),
    startedBy: new Date(now - FOLLOWUP_AFTER_HOURS * HOUR_MS).toISOString(),
  });
  return writeFollowups(context, pending);
}

/** Staff's "send now": the event's checked-in people still unsent, or one of them alone. */
export async function sendEventFollowups(
  context: CertificatesContext,
  eventId: string,
  registrationId?: string,
): Promise<number> {
  const pending = await pendingFollowups(context.db, {
    eventId,
    ...(registrationId ? { registrationId } : {}),
  });
  return writeFollowups(context, pending);
}
