import type { Generated } from 'kysely';
import type { RequestKind, RequestStatus } from '../../shared/admin-schemas.ts';

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

export interface Database {
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

// --- Admin (migration 2026-11-24-admin) ---------------------------------------------------------

export interface AuditLogTable {
  id: string;
  admin_id: string | null;
  /** Kept as written at the time, so the log still reads after an admin is removed. */
  admin_email: string | null;
  action: string;
  method: string;
  path: string;
  target_id: string | null;
  detail: string | null;
  created_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface UploadsTable {
  id: string;
  admin_id: string | null;
  original_name: string;
  width: number;
  height: number;
  src: string;
  /** JSON list of {url, width}. */
  srcset: string;
  created_at: string;
}

// Declaration merging adds the admin tables without editing the interface above.
export interface Database {
  audit_log: AuditLogTable;
  settings: SettingsTable;
  uploads: UploadsTable;
}

// --- Accounts (migration 2026-11-26-accounts) ------------------------------------------------------

export interface AdminRecoveryCodesTable {
  id: string;
  admin_id: string;
  /** SHA-256 of the code as shown (codes are random, so no slow hash is needed). */
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

export interface Database {
  admin_recovery_codes: AdminRecoveryCodesTable;
}

// --- Password reset (migration 2026-12-05-password-reset) -------------------------------------------

export interface AdminPasswordResetsTable {
  /** SHA-256 (hex) of the link's random token; the token itself is only in the mail. */
  token_hash: string;
  admin_id: string;
  created_at: string;
  /** 30 minutes after created_at; the row is deleted once past it. */
  expires_at: string;
  used_at: string | null;
}

export interface Database {
  admin_password_resets: AdminPasswordResetsTable;
}

// --- Privacy (migration 2026-12-01-privacy) -------------------------------------------------------

/** An ARCO request, with its folio; `right_kind` and `status` are those of src/shared/arco.ts. */
export interface PrivacyRequestsTable {
  id: string;
  folio: string;
  full_name: string;
  /** Lower-cased; its keyed hash once the person's data are erased (name and details then emptied). */
  email: string;
  right_kind: string;
  details: string;
  status: string;
  received_at: string;
  answered_at: string | null;
  completed_at: string | null;
  updated_at: string;
}

export interface Database {
  privacy_requests: PrivacyRequestsTable;
}

// --- Registrations (migration 2026-12-02-registrations) --------------------------------------------

export type RegistrationStatus = 'confirmed' | 'waitlisted' | 'cancelled';

export interface RegistrationsTable {
  id: string;
  event_id: string;
  full_name: string;
  email: string;
  /** The address lower-cased: unique per event. */
  email_key: string;
  status: RegistrationStatus;
  /** The waitlist place drawn when the person joined the line (kept after promotion). */
  place: number | null;
  /** `sitio` (the person) or `admin` (added by hand). */
  source: string;
  /** The event start (ISO UTC) the confirmed person's reminder was written for; null otherwise. */
  reminder_for: string | null;
  created_at: string;
  confirmed_at: string | null;
  cancelled_at: string | null;
  checked_in_at: string | null;
}

/**
 * What a registration's link may do (migration 2026-12-12-registration-links): `manage` opens its page,
 * `qr` only draws its check-in code, `legacy` (a manage link mailed before that migration) does both.
 */
export type RegistrationLinkPurpose = 'manage' | 'qr' | 'legacy';

/** One link mailed for a registration: its random token, kept only as the token's SHA-256. */
export interface RegistrationLinksTable {
  token_hash: string;
  registration_id: string;
  purpose: RegistrationLinkPurpose;
  created_at: string;
}

export interface Database {
  registrations: RegistrationsTable;
  registration_links: RegistrationLinksTable;
}

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
}

export interface NewsletterDeliveriesTable {
  campaign_id: string;
  subscriber_id: string;
  outbox_id: string;
  /** SHA-256 of the unsubscribe token in this message. */
  token_hash: string;
  created_at: string;
}

export interface Database {
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_campaigns: NewsletterCampaignsTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
}

// --- Members (migration 2026-12-13-members) --------------------------------------------------------

export interface MembershipPlansTable {
  slug: string;
  name: string;
  fee_cents: number;
  period_months: number;
  grace_days: number;
  seats: number;
  position: number;
  updated_at: string;
}

export interface MembersTable {
  id: string;
  /** Given at her first activation, in order; null before. */
  number: number | null;
  full_name: string;
  email: string;
  /** The address lower-cased: one live membership per address. */
  email_key: string;
  organisation: string;
  position: string;
  phone: string;
  plan: string;
  /** `en_revision`, `por_pagar`, `socia`, `rechazada` or `baja` (src/shared/members.ts). */
  status: string;
  /** Her period's first and last day (YYYY-MM-DD, on the association's clock); a seat's are null. */
  period_start: string | null;
  period_end: string | null;
  /** A corporate seat: the coordinator whose period she shares. */
  coordinator_id: string | null;
  request_id: string | null;
  /** Name, e-mail and organisation as search compares them. */
  search_folded: string;
  directory_listed: Generated<number>;
  /** The fields she shows in the directory, comma-separated (fullName, organisation, position, linkedin). */
  directory_fields: Generated<string>;
  linkedin: string | null;
  created_at: string;
  updated_at: string;
  /** Her personal data were erased (privacy); her payments stay five years. */
  erased_at: string | null;
}

export interface MemberHistoryTable {
  id: string;
  member_id: string;
  at: string;
  /** An admin's id, `sistema` or `socia`. */
  actor: string;
  action: string;
  detail: string | null;
}

export interface MemberLinksTable {
  token_hash: string;
  member_id: string;
  created_at: string;
}

export interface MembershipPaymentsTable {
  id: string;
  member_id: string;
  reference: string;
  amount_cents: number;
  /** `pendiente`, `pagado` or `cancelado`. */
  status: string;
  method: string | null;
  paid_at: string | null;
  folio: string | null;
  period_start: string | null;
  period_end: string | null;
  payer_name: string | null;
  plan_name: string | null;
  recorded_by: string | null;
  created_at: string;
  /** A paid payment is an accounting record: kept until then (five years), whatever else is erased. */
  keep_until: string | null;
}

export interface MemberInvitationsTable {
  id: string;
  coordinator_id: string;
  email: string;
  email_key: string;
  token_hash: string;
  created_at: string;
  accepted_at: string | null;
  member_id: string | null;
}

export interface MembershipProofsTable {
  member_id: string;
  content_type: string;
  size: number;
  content: Buffer;
  uploaded_at: string;
}

export interface Database {
  membership_plans: MembershipPlansTable;
  members: MembersTable;
  member_history: MemberHistoryTable;
  member_links: MemberLinksTable;
  membership_payments: MembershipPaymentsTable;
  member_counters: KvCounterTable;
  member_invitations: MemberInvitationsTable;
  membership_proofs: MembershipProofsTable;
}

export interface KvCounterTable {
  key: string;
  value: number;
}

// --- Certificates and the survey (migration 2026-12-17-certificates) ------------------------------

export interface CertificateSettingsTable {
  event_id: string;
  enabled: number;
  hours: number;
  text: string;
  /** JSON: [{ name, role }]. */
  signers: string;
  updated_at: string;
}

/** The one follow-up mail of a checked-in registration, with its survey link's hash. */
export interface EventFollowupsTable {
  registration_id: string;
  event_id: string;
  /** Lower-cased. */
  email: string;
  survey_token_hash: string;
  created_at: string;
}

export interface CertificatesTable {
  folio: string;
  registration_id: string;
  event_id: string;
  /** Lower-cased; empty once erased. */
  email: string;
  full_name: string;
  event_name: string;
  event_date: string;
  hours: number;
  text: string;
  signers: string;
  issued_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
}

export interface SurveyAnswersTable {
  id: string;
  survey_token_hash: string;
  event_id: string;
  /** Lower-cased; empty once erased. */
  email: string;
  rating: number;
  recommend: number;
  comment: string;
  /** Her name, only when she ticked that she may be quoted. */
  quote_name: string | null;
  answered_at: string;
}

export interface Database {
  certificate_settings: CertificateSettingsTable;
  event_followups: EventFollowupsTable;
  certificates: CertificatesTable;
  survey_answers: SurveyAnswersTable;
}

// --- Share cards (migration 2026-12-16-share-cards) ---------------------------------------------

export interface ShareCardChoicesTable {
  kind: string;
  entry_id: string;
  /** 'card' or 'photo' (src/shared/share-cards.ts). */
  mode: string;
  updated_at: string;
}

export interface Database {
  share_card_choices: ShareCardChoicesTable;
}
