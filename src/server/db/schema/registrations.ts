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

export interface RegistrationsTables {
  registrations: RegistrationsTable;
  registration_links: RegistrationLinksTable;
}
