import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
// Storing a contact request counts the acknowledgements its address got in the last day (the daily
// cap). Without an index that count read the whole outbox, so every request cost more than the last.
// The expression is written exactly as the query writes it, which is what lets both databases use it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index outbox_ack_recipient_idx on outbox (purpose, lower(to_address), created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_ack_recipient_idx').ifExists().execute();
}
