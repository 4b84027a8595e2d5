import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // What staff set per event: whether certificates are issued, the hours they state, a line of text
  // and the signers (JSON list of {name, role}). An event without a row issues none.
  await db.schema
    .createTable('certificate_settings')
    .addColumn('event_id', 'varchar(64)', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hours', 'integer', (c) => c.notNull())
    .addColumn('text', 'varchar(1000)', (c) => c.notNull())
    .addColumn('signers', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  // One follow-up mail per checked-in registration: its row is written in the transaction that writes
  // the outbox row, and the unique key on the registration makes a second one (another instance, a
  // run after a crash) fail instead of mailing twice. It also holds the survey link's token, kept only
  // as its SHA-256, and the person's address, for the privacy rights.
  await db.schema
    .createTable('event_followups')
    .addColumn('survey_token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('registration_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('event_id', 'varchar(64)', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await sql`create index event_followups_email_idx on event_followups (email)`.execute(db);
  await sql`create index event_followups_event_idx on event_followups (event_id)`.execute(db);

  // A certificate: what it states is copied when it is issued (the name as she typed it, the event,
  // its start, the hours, the signers), so it reads the same later whatever changes. The folio is
  // random; revoking keeps the row, so its page says "Revocada".
  await db.schema
    .createTable('certificates')
    .addColumn('folio', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('registration_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('event_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('event_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('event_date', 'varchar(32)', (c) => c.notNull())
    .addColumn('hours', 'integer', (c) => c.notNull())
    .addColumn('text', 'varchar(1000)', (c) => c.notNull())
    .addColumn('signers', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('revoked_reason', 'varchar(500)')
    .execute();
  await sql`create index certificates_event_idx on certificates (event_id)`.execute(db);
  await sql`create index certificates_email_idx on certificates (email)`.execute(db);

  // One answer per survey link (the unique key refuses a second). The name is kept only when she
  // ticked that she may be quoted; the address only for her privacy rights.
  await db.schema
    .createTable('survey_answers')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('survey_token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('event_id', 'varchar(64)', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('recommend', 'integer', (c) => c.notNull())
    .addColumn('comment', 'varchar(2000)', (c) => c.notNull())
    .addColumn('quote_name', 'varchar(200)')
    .addColumn('answered_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await sql`create index survey_answers_event_idx on survey_answers (event_id)`.execute(db);
  await sql`create index survey_answers_email_idx on survey_answers (email)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['survey_answers', 'certificates', 'event_followups', 'certificate_settings']) {
    await db.schema.dropTable(table).execute();
  }
}
