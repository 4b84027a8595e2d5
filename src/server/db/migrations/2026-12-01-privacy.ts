import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // ARCO requests (Acceso, Rectificación, Cancelación, Oposición, Revocación), each with its folio.
  // The e-mail is lower-cased; once the person's data are erased it is replaced by its keyed hash and
  // the name and details are emptied, so the request's handling can still be shown.
  await db.schema
    .createTable('privacy_requests')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('folio', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('full_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('right_kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(32)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('answered_at', 'varchar(32)')
    .addColumn('completed_at', 'varchar(32)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('privacy_requests_email_idx').on('privacy_requests').column('email').execute();
  await db.schema
    .createIndex('privacy_requests_received_idx')
    .on('privacy_requests')
    .column('received_at')
    .execute();

  // Requests are deleted a year after they were last changed: the change is now recorded (null: never
  // changed since it arrived).
  await db.schema.alterTable('requests').addColumn('updated_at', 'varchar(32)').execute();

  // A person's consents and requests are looked up by address, whatever its case.
  await sql`create index requests_email_idx on requests (lower(email))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('requests_email_idx').ifExists().execute();
  await db.schema.alterTable('requests').dropColumn('updated_at').execute();
  await db.schema.dropTable('privacy_requests').ifExists().execute();
}
