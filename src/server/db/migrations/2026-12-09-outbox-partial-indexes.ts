import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
// Three of the outbox's indexes are on columns that are empty when a message is queued (the request it
// answers, the claim that is sending it, when it was sent) and are only ever searched for a value. As
// partial indexes of the rows that have one, queuing a message no longer writes to them: three pages
// fewer in each commit that queues mail (a sign-up's commit wrote about 21). Every query on them asks
// for a value (`= ?`, `in (…)`, `> ?`), which SQLite and PostgreSQL both take to imply "is not null",
// so each still uses its index.
const PARTIAL = [
  ['outbox_request_idx', 'request_id', 'request_id is not null'],
  ['outbox_claim_token_idx', 'claim_token', 'claim_token is not null'],
  ['outbox_stream_sent_idx', 'stream, sent_at', 'sent_at is not null'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns, where] of PARTIAL) {
    await sql`drop index if exists ${sql.ref(name)}`.execute(db);
    await sql`create index ${sql.ref(name)} on outbox (${sql.raw(columns)}) where ${sql.raw(where)}`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of PARTIAL) {
    await sql`drop index if exists ${sql.ref(name)}`.execute(db);
    await sql`create index ${sql.ref(name)} on outbox (${sql.raw(columns)})`.execute(db);
  }
}
