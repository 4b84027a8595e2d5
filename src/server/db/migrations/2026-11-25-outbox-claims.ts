import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
// Each claim of outbox rows carries a token of its own, so a worker can release exactly the rows of a
// claim whose answer it never got (the connection died after the database had committed it).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('claim_token', 'varchar(64)').execute();
  await db.schema.createIndex('outbox_claim_token_idx').on('outbox').column('claim_token').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_claim_token_idx').ifExists().execute();
  await db.schema.alterTable('outbox').dropColumn('claim_token').execute();
}
