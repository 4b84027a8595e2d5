import type { Generated } from 'kysely';

// --- Newsletter (migration 2026-12-03-newsletter) ------------------------------------------------

export type SubscriberStatus = 'pending' | 'active' | 'unsubscribed' | 'bounced';

export interface NewsletterSubscribersTable {
  id: string;
  /** Lower-cased. */
  email: string;
  full_name: string | null;
  status: SubscriberStatus;
  /** The form it came from: `boletin` (the footer), `contacto`, `membresia`. */
  source: string;
  /** The privacy notice's version when the address was given. */
  notice_version: string;
  /** SHA-256 of the confirmation link's token, while pending. */
  confirm_token_hash: string | null;
  created_at: string;
  /** When the current confirmation began; a pending row is deleted 30 days after. */
  pending_since: string | null;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  bounced_at: string | null;
  status_changed_at: string;
}

export type CampaignStatus = 'draft' | 'queuing' | 'sending';

export interface NewsletterCampaignsTable {
  id: string;
  subject: string;
  html: string;
  status: CampaignStatus;
  total: Generated<number>;
  /** The last subscriber id queued (queuing resumes after it). */
  cursor: string | null;
  created_at: string;
  updated_at: string;
  send_started_at: string | null;
  queued_at: string | null;
  /** Who it goes to (migration 2026-12-18-campaign-audience): `all`, `members-active`, `members-grace`. */
  audience: Generated<string>;
}

export interface NewsletterDeliveriesTable {
  campaign_id: string;
  subscriber_id: string;
  outbox_id: string;
  /** SHA-256 of the unsubscribe token in this message. */
  token_hash: string;
  created_at: string;
}

/**
 * A subscription asked for, stored as it arrives and gone once worked out after the answer (migration
 * 2026-12-18-campaign-audience).
 */
export interface NewsletterRequestsTable {
  id: string;
  email: string;
  full_name: string | null;
  source: string;
  /** The privacy notice's version shown beside the form when it was sent. */
  notice_version: string;
  received_at: string;
}

export interface NewsletterTables {
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_campaigns: NewsletterCampaignsTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  newsletter_requests: NewsletterRequestsTable;
}
