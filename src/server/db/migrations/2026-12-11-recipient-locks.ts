import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
// One row per bucket of recipients (a number from the address's hash), locked by the transaction that
// counts the mail a recipient got today and queues one more: two such transactions for one address wait
// for each other, on PostgreSQL as on SQLite. No address is stored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table recipient_locks (bucket integer primary key)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists recipient_locks`.execute(db);
}
