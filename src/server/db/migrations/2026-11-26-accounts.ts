import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A second factor (TOTP) per admin: the shared secret, when it was turned on, and the last time step
  // a code was accepted for (so a code seen over a shoulder cannot be used twice).
  await db.schema.alterTable('admins').addColumn('totp_secret', 'varchar(128)').execute();
  await db.schema.alterTable('admins').addColumn('totp_enabled_at', 'varchar(32)').execute();
  await db.schema.alterTable('admins').addColumn('totp_last_step', 'bigint').execute();

  await db.schema
    .createTable('admin_recovery_codes')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('admin_id', 'varchar(64)', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    // Only a hash is kept: the codes are shown once, when they are made.
    .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('admin_recovery_codes_admin_idx')
    .on('admin_recovery_codes')
    .column('admin_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_recovery_codes').ifExists().execute();
  for (const column of ['totp_last_step', 'totp_enabled_at', 'totp_secret']) {
    await db.schema.alterTable('admins').dropColumn(column).execute();
  }
}
