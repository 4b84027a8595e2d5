import type { Insertable, Kysely } from 'kysely';
import { DAY_MS, HOUR_MS, MINUTE_MS, clock, type CalendarDate } from '../../shared/clock.ts';
import { PRIVACY_NOTICE_VERSION, type ConsentPurpose } from '../../shared/privacy.ts';
import { recordConsent } from '../consent/consents.repository.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { timeOrderedId } from '../db/ids.ts';
import { toJsonList } from '../db/json-columns.ts';
import type { Database, RegistrationsTable } from '../db/schema.ts';
import { hashToken, newToken } from '../lib/link-tokens.ts';
import { outboxRow } from '../mail/outbox.repository.ts';
import {
  CAMPAIGN,
  CERTIFICATE_SIGNERS,
  CERTIFICATE_TEXT,
  FULL_EVENT,
  OPEN_EVENT,
  PAST_EVENT,
  SUBSCRIBERS,
  SURVEY_ANSWERS,
  type DemoEventPlan,
  type DemoPerson,
} from './demo-activity.ts';
import {
  awaitsActivity,
  insertCampaigns,
  insertCertificateSettings,
  insertCertificates,
  insertDeliveries,
  insertEvents,
  insertFollowups,
  insertOutbox,
  insertRegistrations,
  insertSubscribers,
  insertSurveyAnswers,
  markActivity,
} from './demo.repository.ts';

type Trx = Kysely<Database>;
const iso = (time: number) => new Date(time).toISOString();

/** The month `count` months after (or before) a day's month. */
function monthFrom(date: CalendarDate, count: number): { year: number; month: number } {
  const index = date.year * 12 + date.month - 1 + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** When a planned event starts, on the association's clock, counted from the month of `now`. */
export const startOf = (plan: DemoEventPlan, now: Date) =>
  clock.instantOf({ ...monthFrom(clock.today(now), plan.monthOffset), day: plan.day, hour: plan.hour });

/** Letters of a certificate's folio, without those read alike (0 and O, 1 and I or L, U and V). */
const FOLIO_LETTERS = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A folio in the certificates' form, `C-` and four groups of four, from a fresh token's bytes. */
function demoFolio(): string {
  const bytes = Buffer.from(newToken(), 'base64url');
  const letters = [...bytes.subarray(0, 16)].map((byte) => FOLIO_LETTERS[byte % FOLIO_LETTERS.length]);
  return `C-${[0, 4, 8, 12].map((at) => letters.slice(at, at + 4).join('')).join('-')}`;
}

/** Consents as the forms record them, each to the privacy notice of today's version. */
async function recordConsents(
  trx: Trx,
  given: readonly { email: string; purpose: ConsentPurpose; source: string; refId: string; at: string }[],
) {
  for (const { at, ...consent } of given) {
    await recordConsent(trx, { ...consent, noticeVersion: PRIVACY_NOTICE_VERSION, givenAt: new Date(at) });
  }
}

/**
 * The event's row, published since `createdAt`, with sign-up open and its counters as the people
 * given: the seats first, then the line in order.
 */
async function addEvent(trx: Trx, plan: DemoEventPlan, start: Date, createdAt: number) {
  const id = timeOrderedId(createdAt);
  await insertEvents(trx, [
    {
      id,
      name: plan.name,
      location: plan.location,
      date: clock.formatEventDate(start),
      event_date: start.toISOString(),
      description: plan.description,
      images: toJsonList([plan.image]),
      image_cover: toJsonList([plan.image]),
      link_event: `https://example.org/eventos/${plan.slug}`,
      slug: plan.slug,
      created_at: iso(createdAt),
      updated_at: iso(createdAt),
      registration_enabled: 1,
      registration_capacity: plan.capacity,
      registration_confirmed: plan.confirmed.length,
      registration_waitlisted: plan.waitlisted.length,
      registration_next_place: plan.waitlisted.length,
      status: 'published',
      publish_at: null,
      published_at: iso(createdAt),
    },
  ]);
  return id;
}

/**
 * The event's sign-ups, one every few hours from `from` on, each with the privacy notice's consent
 * the form records. No reminder is written for them: nobody at these addresses is to be mailed.
 */
async function addSignUps(trx: Trx, eventId: string, plan: DemoEventPlan, from: number, stepMs: number) {
  const line = [
    ...plan.confirmed.map((who) => ({ who, place: null })),
    ...plan.waitlisted.map((who, index) => ({ who, place: index + 1 })),
  ];
  const rows: Insertable<RegistrationsTable>[] = line.map(({ who, place }, index) => {
    const at = iso(from + index * stepMs);
    return {
      id: timeOrderedId(from + index * stepMs),
      event_id: eventId,
      full_name: who.fullName,
      email: who.email,
      email_key: who.email.toLowerCase(),
      status: place === null ? 'confirmed' : 'waitlisted',
      place,
      source: 'sitio',
      reminder_for: null,
      created_at: at,
      confirmed_at: place === null ? at : null,
      cancelled_at: null,
      checked_in_at: null,
    };
  });
  await insertRegistrations(trx, rows);
  await recordConsents(
    trx,
    rows.map((row) => ({
      email: row.email,
      purpose: 'privacy-notice',
      source: 'registro',
      refId: row.id,
      at: row.created_at,
    })),
  );
  return rows;
}

/**
 * The past event: those who came checked in at the door, and two hours after the start each got her
 * follow-up (its row stands for the mail, so none is written now), her certificate, still valid, and
 * the survey, which the first few answered within the week it stayed open.
 */
async function addPastEvent(trx: Trx, now: Date) {
  const start = startOf(PAST_EVENT, now).getTime();
  const eventId = await addEvent(trx, PAST_EVENT, new Date(start), start - 30 * DAY_MS);
  const rows = await addSignUps(trx, eventId, PAST_EVENT, start - 20 * DAY_MS, 9 * HOUR_MS);
  const came = rows.slice(0, rows.length - PAST_EVENT.absent);
  for (const [index, row] of came.entries()) {
    await trx
      .updateTable('registrations')
      .set({ checked_in_at: iso(start - 25 * MINUTE_MS + index * 2 * MINUTE_MS) })
      .where('id', '=', row.id)
      .execute();
  }
  const signers = JSON.stringify(CERTIFICATE_SIGNERS);
  const settings = { hours: PAST_EVENT.hours, text: CERTIFICATE_TEXT, signers };
  await insertCertificateSettings(trx, [
    { event_id: eventId, enabled: 1, ...settings, updated_at: iso(start - 2 * DAY_MS) },
  ]);
  const issuedAt = iso(start + 2 * HOUR_MS);
  const followups = came.map((row) => ({ row, tokenHash: hashToken(newToken()) }));
  await insertFollowups(
    trx,
    followups.map(({ row, tokenHash }) => ({
      registration_id: row.id,
      event_id: eventId,
      email: row.email_key,
      survey_token_hash: tokenHash,
      created_at: issuedAt,
    })),
  );
  await insertCertificates(
    trx,
    came.map((row) => ({
      folio: demoFolio(),
      registration_id: row.id,
      event_id: eventId,
      email: row.email_key,
      full_name: row.full_name,
      event_name: PAST_EVENT.name,
      event_date: iso(start),
      ...settings,
      issued_at: issuedAt,
      revoked_at: null,
      revoked_reason: null,
    })),
  );
  await insertSurveyAnswers(
    trx,
    SURVEY_ANSWERS.map((answer, index) => {
      const { row, tokenHash } = followups[index]!;
      const answeredAt = start + (index + 1) * 11 * HOUR_MS;
      return {
        id: timeOrderedId(answeredAt),
        survey_token_hash: tokenHash,
        event_id: eventId,
        email: row.email_key,
        rating: answer.rating,
        recommend: answer.recommend,
        comment: answer.comment,
        quote_name: answer.quote ? row.full_name : null,
        answered_at: iso(answeredAt),
      };
    }),
  );
}

/** An upcoming event taking sign-ups, its people signed up over the last days. */
async function addUpcomingEvent(trx: Trx, plan: DemoEventPlan, now: Date) {
  const eventId = await addEvent(trx, plan, startOf(plan, now), now.getTime() - 21 * DAY_MS);
  await addSignUps(trx, eventId, plan, now.getTime() - 10 * DAY_MS, 19 * HOUR_MS);
}

/**
 * Subscribers who confirmed their address a month or so ago, and one campaign sent to all of them last
 * week: its messages stand in the outbox as sent, so none waits to go out.
 */
async function addSentCampaign(trx: Trx, now: Date, mailFrom: string) {
  const subscribers = SUBSCRIBERS.map((who: DemoPerson, index) => {
    const createdAt = now.getTime() - (40 - index * 3) * DAY_MS;
    const confirmedAt = iso(createdAt + HOUR_MS);
    return {
      id: timeOrderedId(createdAt),
      email: who.email.toLowerCase(),
      full_name: who.fullName,
      status: 'active' as const,
      source: 'boletin',
      notice_version: PRIVACY_NOTICE_VERSION,
      confirm_token_hash: null,
      created_at: iso(createdAt),
      pending_since: null,
      confirmed_at: confirmedAt,
      unsubscribed_at: null,
      bounced_at: null,
      status_changed_at: confirmedAt,
    };
  });
  await insertSubscribers(trx, subscribers);
  await recordConsents(
    trx,
    subscribers.map((row) => ({
      email: row.email,
      purpose: 'newsletter',
      source: row.source,
      refId: row.id,
      at: row.confirmed_at,
    })),
  );
  const written = now.getTime() - 6 * DAY_MS;
  const sentFrom = now.getTime() - 5 * DAY_MS;
  const campaignId = timeOrderedId(written);
  await insertCampaigns(trx, [
    {
      id: campaignId,
      subject: CAMPAIGN.subject,
      html: CAMPAIGN.html,
      status: 'sending',
      total: subscribers.length,
      cursor: subscribers[subscribers.length - 1]!.id,
      created_at: iso(written),
      updated_at: iso(sentFrom),
      send_started_at: iso(sentFrom),
      queued_at: iso(sentFrom),
      audience: 'all',
    },
  ]);
  const messages = subscribers.map((subscriber, index) => ({
    ...outboxRow(
      {
        purpose: 'newsletter',
        to: subscriber.email,
        subject: CAMPAIGN.subject,
        text: CAMPAIGN.text,
        html: CAMPAIGN.html,
        stream: 'bulk',
        refId: subscriber.id,
      },
      mailFrom,
      iso(sentFrom),
    ),
    status: 'sent' as const,
    attempts: 1,
    sent_at: iso(sentFrom + (index + 1) * 2_000),
  }));
  await insertOutbox(trx, messages);
  await insertDeliveries(
    trx,
    subscribers.map((subscriber, index) => ({
      campaign_id: campaignId,
      subscriber_id: subscriber.id,
      outbox_id: messages[index]!.id,
      token_hash: hashToken(newToken()),
      created_at: iso(sentFrom),
    })),
  );
}

export interface ActivityOptions {
  mailFrom: string;
  now?: Date;
}

/**
 * The demo's activity, once, beside the demo content: two upcoming events taking sign-ups (one full,
 * with people waiting), a past one with its certificates and survey answers, and a newsletter campaign
 * already sent to a few confirmed subscribers. All in one transaction with its marker, so it is written
 * whole or not at all, and never twice (two instances starting at once: the second meets the marker).
 * Returns whether it was written now. No message is left waiting in the outbox.
 */
export async function addDemoActivity(db: Kysely<Database>, options: ActivityOptions): Promise<boolean> {
  const now = options.now ?? new Date();
  if (!(await awaitsActivity(db))) return false;
  try {
    await db.transaction().execute(async (trx) => {
      await markActivity(trx, now.toISOString());
      await addUpcomingEvent(trx, FULL_EVENT, now);
      await addUpcomingEvent(trx, OPEN_EVENT, now);
      await addPastEvent(trx, now);
      await addSentCampaign(trx, now, options.mailFrom);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  return true;
}
