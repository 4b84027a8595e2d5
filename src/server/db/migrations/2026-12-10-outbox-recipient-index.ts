import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
// The outbox had two indexes on the recipient: one by address (the privacy rights' and the blocklist's
// look-ups, cancelling a person's pending mail) and one by purpose, address and time (the daily caps of
// acknowledgements). Every one of those queries names the address, so one index led by it serves them
// all, and queuing a message writes one page for its recipient instead of two, in a part of the index
// that sign-ups from different addresses do not share.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index outbox_recipient_purpose_idx on outbox (lower(to_address), purpose, created_at)`.execute(
    db,
  );
  await sql`drop index if exists outbox_recipient_idx`.execute(db);
  await sql`drop index if exists outbox_ack_recipient_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index outbox_recipient_idx on outbox (lower(to_address))`.execute(db);
  await sql`create index outbox_ack_recipient_idx on outbox (purpose, lower(to_address), created_at)`.execute(
    db,
  );
  await sql`drop index if exists outbox_recipient_purpose_idx`.execute(db);
}
