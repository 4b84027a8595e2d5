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

export interface PrivacyTables {
  privacy_requests: PrivacyRequestsTable;
}
