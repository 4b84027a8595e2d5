import type { Generated } from 'kysely';
import type { RequestKind, RequestStatus } from '../../shared/admin-schemas.ts';
import type { AccountsTables } from './schema/accounts.ts';
import type { PrivacyTables } from './schema/privacy.ts';
import type { RegistrationsTables } from './schema/registrations.ts';
import type { NewsletterTables } from './schema/newsletter.ts';
import type { MembersTables } from './schema/members.ts';
import type { CertificatesTables } from './schema/certificates.ts';
import type { ShareCardsTables } from './schema/share-cards.ts';

// Timestamps are ISO 8601 UTC strings on both dialects; lists of URLs are JSON text; booleans are 0/1.

export interface EventsTable {
  id: string;
  name: string;
  location: string;
  date: string;
  event_date: string;
  description: string;
  images: string;
  /** JSON: each image's description, by its address (`{}` when none has one). */
  image_descriptions: Generated<string>;
  image_cover: string;
  link_event: string;
  /** Unique; set when the event is created and never changed (migration 2026-11-28-slugs). */
  slug: string;
  created_at: string;
  updated_at: string;
  /** Registration (migration 2026-12-02-registrations): 1 when people can sign up. */
  registration_enabled: Generated<number>;
  /** Seats; null: no limit. */
  registration_capacity: number | null;
  /** Counters kept by the registrations domain only (never by the content writes). */
  registration_confirmed: Generated<number>;
  registration_waitlisted: Generated<number>;
  /** The last waitlist place drawn: places are 1, 2, 3… in the order people joined the line. */
  registration_next_place: Generated<number>;
  /** Publication (migration 2026-12-04-publishing): 'draft', 'scheduled' or 'published'. */
  status: Generated<string>;
  /** When a scheduled entry becomes public (UTC ISO); null unless scheduled. */
  publish_at: string | null;
  /** When it became (scheduled: will become) public; null for a draft never published. */
  published_at: string | null;
}

export interface NewsTable {
  id: string;
  name: string;
  address: string;
  description: string;
  images: string;
  /** JSON: each image's description, by its address (`{}` when none has one). */
  image_descriptions: Generated<string>;
  /** Unique; set when the entry is created and never changed (migration 2026-11-28-slugs). */
  slug: string;
  created_at: string;
  updated_at: string;
  /** Publication (migration 2026-12-04-publishing): 'draft', 'scheduled' or 'published'. */
  status: Generated<string>;
  /** When a scheduled entry becomes public (UTC ISO); null unless scheduled. */
  publish_at: string | null;
  /** When it became (scheduled: will become) public; null for a draft never published. */
  published_at: string | null;
}

export interface PartnersTable {
  id: string;
  name: string;
  job: string;
  images: string;
  /** JSON: each image's description, by its address (`{}` when none has one). */
  image_descriptions: Generated<string>;
  link: string | null;
  created_at: string;
  updated_at: string;
}

export type { RequestKind, RequestStatus };

export interface RequestsTable {
  id: string;
  kind: RequestKind;
  full_name: string;
  company: string;
  position: string;
  email: string;
  phone_number: string;
  spam: number;
  status: RequestStatus;
  created_at: string;
  /** Name, company and e-mail as search compares them (migration 2026-11-27-search-folding). */
  search_folded: string;
  /** When the staff last changed it; null: never since it arrived (migration 2026-12-01-privacy). */
  updated_at: string | null;
  /** A barrier report's page and what happened; null for every other kind (2026-12-19-barrier-reports). */
  page_url: Generated<string | null>;
  details: Generated<string | null>;
}

/**
 * `cancelled`: never to be sent (the person unsubscribed or was blocked before it went out).
 * `uncertain`: bulk mail whose sender stopped after handing the mail server the whole message and its
 * end, before the server's answer was recorded; nearly always delivered, and not sent again unless
 * staff ask for it (decisions 036 and 039).
 */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'cancelled' | 'uncertain';

/** `bulk` (newsletters) goes out under its own rate, after the transactional mail. */
export type OutboxStream = 'transactional' | 'bulk';

export interface OutboxTable {
  id: string;
  request_id: string | null;
  /** What the message is for: `notify` and `ack` for requests; each domain names its own. */
  purpose: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  body_text: string;
  message_id: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  /** The claim that set status 'sending' (migration 2026-11-25-outbox-claims). */
  claim_token: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** Migration 2026-11-30-mail-parts-and-consents: an HTML part, extra headers (JSON object), text
   *  attachments (JSON list), the stream, and the id of the record the message was written for. */
  body_html: string | null;
  headers: string | null;
  attachments: string | null;
  stream: Generated<OutboxStream>;
  ref_id: string | null;
  /** Bulk mail: when the attempt under the current claim had handed its whole body to the mail server
   *  and was about to end its data (migration 2026-12-08-bulk-wire-mark, decision 039). */
  wire_at: Generated<string | null>;
}

/** One consent, given and maybe withdrawn (migration 2026-11-30-mail-parts-and-consents). */
export interface ConsentsTable {
  id: string;
  /** Lower-cased; replaced by its keyed hash when the person's data are deleted. */
  email: string;
  purpose: string;
  source: string;
  notice_version: string;
  ref_id: string | null;
  given_at: string;
  withdrawn_at: string | null;
}

/** A person whose data are cancelled: blocked at once, erased after the blocking period. */
export interface BlockedPeopleTable {
  /** Lower-cased; replaced by its keyed hash once the data are erased. */
  email: string;
  blocked_at: string;
  erase_after: string;
  erased_at: string | null;
}

export interface AdminsTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: string;
  /** Base32 TOTP secret once the second factor is on; null otherwise (migration 2026-11-26-accounts). */
  totp_secret: string | null;
  totp_enabled_at: string | null;
  /** The last TOTP time step accepted; a code is never accepted twice. */
  totp_last_step: number | string | null;
  /**
   * No session that signed in before this instant counts (migration 2026-12-15-accounts-trust); null
   * until the account's password, second factor or sessions first change.
   */
  sessions_valid_after: string | null;
}

export interface SessionsTable {
  sid: string;
  data: string;
  expires_at: string;
}

export interface KvTable {
  key: string;
  value: string;
}

export interface Database
  extends
    AccountsTables,
    PrivacyTables,
    RegistrationsTables,
    NewsletterTables,
    MembersTables,
    CertificatesTables,
    ShareCardsTables {
  events: EventsTable;
  news: NewsTable;
  partners: PartnersTable;
  requests: RequestsTable;
  outbox: OutboxTable;
  recipient_locks: { bucket: number };
  admins: AdminsTable;
  sessions: SessionsTable;
  kv: KvTable;
  consents: ConsentsTable;
  blocked_people: BlockedPeopleTable;
}

export type { Generated };

// Each domain's tables, in schema/: the Database above is made of them.
export type * from './schema/accounts.ts';
export type * from './schema/privacy.ts';
export type * from './schema/registrations.ts';
export type * from './schema/newsletter.ts';
export type * from './schema/members.ts';
export type * from './schema/certificates.ts';
export type * from './schema/share-cards.ts';
