import type { Kysely } from 'kysely';
import type { NewsletterSummary } from '../../shared/admin-schemas.ts';
import { DAY_MS } from '../../shared/clock.ts';
import type { Database } from '../db/schema.ts';
import { lastStartedCampaign } from './campaigns.repository.ts';
import { campaignsOut } from './campaigns.service.ts';
import { countSubscribers, joinedAndLeftSince } from './subscribers.repository.ts';

/** The window of the summary's "joined" and "left" figures. */
export const SUMMARY_DAYS = 30;

/**
 * The newsletter's figures for the admin's summary, read as its own screens read them (blocked people
 * left out): active subscribers; those who confirmed, and those now unsubscribed who left, in the last
 * 30 days; and the campaign whose sending started last, with the counts of its own screen.
 */
export async function newsletterSummary(db: Kysely<Database>, now: Date): Promise<NewsletterSummary> {
  const since = new Date(now.getTime() - SUMMARY_DAYS * DAY_MS).toISOString();
  const [active, { joined, left }, last] = await Promise.all([
    countSubscribers(db, { status: 'active' }),
    joinedAndLeftSince(db, since),
    lastStartedCampaign(db),
  ]);
  const campaign = last && (await campaignsOut(db, [last]))[0];
  return {
    active,
    joinedLast30Days: joined,
    leftLast30Days: left,
    lastCampaign: campaign
      ? {
          id: campaign.id,
          subject: campaign.subject,
          status: campaign.status,
          total: campaign.total,
          sent: campaign.sent,
          failed: campaign.failed,
          uncertain: campaign.uncertain,
          sendStartedAt: campaign.sendStartedAt,
        }
      : null,
  };
}
