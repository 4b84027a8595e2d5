import type { Generated } from 'kysely';

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

export interface MembersTables {
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
