import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A password-reset link sent to an admin: only the SHA-256 of its random token is kept, with when it
  // stops working (30 minutes) and when it was used (once). Rows go when they expire, and with the account.
  await db.schema
    .createTable('admin_password_resets')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('admin_id', 'varchar(64)', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('admin_password_resets_admin_idx')
    .on('admin_password_resets')
    .column('admin_id')
    .execute();
  await db.schema
    .createIndex('admin_password_resets_expires_idx')
    .on('admin_password_resets')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_password_resets').ifExists().execute();
}
