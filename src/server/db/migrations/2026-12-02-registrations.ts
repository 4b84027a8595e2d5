import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Each event's registration settings and its seat counters, on the event's own row: a seat is taken
  // by one conditional UPDATE of this row (confirmed < capacity), a place on the waitlist by another
  // (next_place + 1), so concurrent sign-ups queue on the row's lock instead of reading then writing.
  const columns: [string, 'integer', boolean][] = [
    ['registration_enabled', 'integer', true],
    ['registration_capacity', 'integer', false],
    ['registration_confirmed', 'integer', true],
    ['registration_waitlisted', 'integer', true],
    ['registration_next_place', 'integer', true],
  ];
  for (const [name, type, counted] of columns) {
    await db.schema
      .alterTable('events')
      .addColumn(name, type, (c) => (counted ? c.notNull().defaultTo(0) : c))
      .execute();
  }

  // One row per person and event. `email_key` is the lower-cased address: the same person signing up
  // again meets the unique constraint instead of taking a second seat. `place` is the waitlist number
  // drawn at sign-up (the line's order); the manage link's token is kept only as its SHA-256.
  await db.schema
    .createTable('registrations')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(64)', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('full_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('email_key', 'varchar(320)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('place', 'integer')
    .addColumn('token_nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('reminder_for', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('confirmed_at', 'varchar(32)')
    .addColumn('cancelled_at', 'varchar(32)')
    .addColumn('checked_in_at', 'varchar(32)')
    .addUniqueConstraint('registrations_event_email_key', ['event_id', 'email_key'])
    .execute();
  await db.schema
    .createIndex('registrations_line_idx')
    .on('registrations')
    .columns(['event_id', 'status', 'place'])
    .execute();
  await sql`create index registrations_email_idx on registrations (email_key)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('registrations').ifExists().execute();
  for (const column of [
    'registration_next_place',
    'registration_waitlisted',
    'registration_confirmed',
    'registration_capacity',
    'registration_enabled',
  ]) {
    await db.schema.alterTable('events').dropColumn(column).execute();
  }
}
