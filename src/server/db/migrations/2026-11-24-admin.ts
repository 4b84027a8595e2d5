import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    // No foreign key: the record of what an admin did outlives the admin's account.
    .addColumn('admin_id', 'varchar(64)')
    .addColumn('admin_email', 'varchar(254)')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('target_id', 'varchar(200)')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_at_idx').on('audit_log').column('created_at').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('admin_id', 'varchar(64)')
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('src', 'text', (c) => c.notNull())
    .addColumn('srcset', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_created_at_idx').on('uploads').column('created_at').execute();

  await db.schema
    .createIndex('requests_status_idx')
    .on('requests')
    .columns(['status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('requests_status_idx').ifExists().execute();
  for (const table of ['uploads', 'settings', 'audit_log']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
