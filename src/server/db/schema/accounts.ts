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
export interface AccountsTables {
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

export interface AccountsTables {
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

export interface AccountsTables {
  admin_password_resets: AdminPasswordResetsTable;
}
