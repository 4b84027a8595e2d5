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

export interface CertificatesTables {
  certificate_settings: CertificateSettingsTable;
  event_followups: EventFollowupsTable;
  certificates: CertificatesTable;
  survey_answers: SurveyAnswersTable;
}
