import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
// The wire mark of a bulk message: when its whole body had been handed to the mail server and its end
// of data was about to follow. A bulk row left 'sending' without it was never complete at the server and
// is sent again; with it, it may have been delivered and is not (decision 039). No index: it is read
// only on rows found by status and lease.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('wire_at', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('wire_at').execute();
}
