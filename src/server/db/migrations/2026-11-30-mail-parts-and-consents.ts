import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Messages beyond plain text: an HTML part, extra headers (a JSON object, e.g. List-Unsubscribe), files
  // (a JSON list of text attachments, e.g. an event's .ics), the stream a message belongs to (bulk mail
  // is sent under its own rate, after the transactional) and the record it was written for.
  await db.schema.alterTable('outbox').addColumn('body_html', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('headers', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('attachments', 'text').execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('stream', 'varchar(16)', (c) => c.notNull().defaultTo('transactional'))
    .execute();
  await db.schema.alterTable('outbox').addColumn('ref_id', 'varchar(64)').execute();
  // Every domain names its messages' purpose now, at more than the 16 characters `notify` needed.
  // SQLite keeps no length, and cannot alter a column: only PostgreSQL is told.
  if (isPostgres(db)) {
    await sql`alter table outbox alter column purpose type varchar(64)`.execute(db);
  }
  await db.schema.createIndex('outbox_ref_idx').on('outbox').column('ref_id').execute();
  // The bulk stream's rate counts what it sent in the last minute.
  await db.schema.createIndex('outbox_stream_sent_idx').on('outbox').columns(['stream', 'sent_at']).execute();
  await sql`create index outbox_recipient_idx on outbox (lower(to_address))`.execute(db);

  // Every consent a person gave, for which purpose, from which form, under which version of the
  // privacy notice, and when it was withdrawn.
  await db.schema
    .createTable('consents')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(64)', (c) => c.notNull())
    .addColumn('source', 'varchar(64)', (c) => c.notNull())
    .addColumn('notice_version', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref_id', 'varchar(64)')
    .addColumn('given_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('withdrawn_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('consents_email_idx').on('consents').columns(['email', 'purpose']).execute();

  // People whose data are cancelled (ARCO): hidden from every list, export and mailing at once, and
  // erased once `erase_after` has passed. The e-mail is lower-cased.
  await db.schema
    .createTable('blocked_people')
    .addColumn('email', 'varchar(320)', (c) => c.primaryKey())
    .addColumn('blocked_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('erase_after', 'varchar(32)', (c) => c.notNull())
    .addColumn('erased_at', 'varchar(32)')
    .execute();
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blocked_people').ifExists().execute();
  await db.schema.dropTable('consents').ifExists().execute();
  for (const index of ['outbox_recipient_idx', 'outbox_stream_sent_idx', 'outbox_ref_idx']) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const column of ['ref_id', 'stream', 'attachments', 'headers', 'body_html']) {
    await db.schema.alterTable('outbox').dropColumn(column).execute();
  }
}
