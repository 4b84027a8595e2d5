import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
//
// A registration's links are random tokens kept only as their SHA-256, one row each, so every mail
// carries its own and none depends on the server's secret: `manage` opens the registration's page (and
// cancels from its button), `qr` only draws the check-in code the mail shows as an image. The manage
// token every registration had until now (an HMAC of the secret and the row's nonce) moves here with
// its stored hash as `legacy`, which does both as it always did, so the links already mailed keep
// working; the nonce and the hash leave the registration's row.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await createLinks(db, 'registrations');
    await sql`alter table registrations drop column token_nonce, drop column token_hash`.execute(db);
    return;
  }
  // SQLite drops no UNIQUE column: the table is made again from its own definition without the two
  // (SQLite's documented way to change a table), in one transaction.
  await db.transaction().execute(async (trx) => {
    const definitions = await sql<{ type: string; sql: string }>`select type, sql from sqlite_master
      where tbl_name = 'registrations' and sql is not null`.execute(trx);
    const table = definitions.rows.find((row) => row.type === 'table')!.sql;
    const withoutTokens = table.replace(/,\s*"?token_(nonce|hash)"?\s+varchar\(64\)[^,)]*/g, '');
    if (withoutTokens.includes('token_')) throw new Error(`unexpected registrations table: ${table}`);
    await sql`alter table registrations rename to registrations_old`.execute(trx);
    await sql.raw(withoutTokens).execute(trx);
    const columns = sql.raw(
      'id, event_id, full_name, email, email_key, status, place, source, reminder_for, created_at, ' +
        'confirmed_at, cancelled_at, checked_in_at',
    );
    await sql`insert into registrations (${columns}) select ${columns} from registrations_old`.execute(trx);
    await createLinks(trx, 'registrations_old');
    // The old table's indexes go with it; they are made again, as they were, on the new one.
    await sql`drop table registrations_old`.execute(trx);
    for (const index of definitions.rows.filter(
      (row) => row.type === 'index' && !row.sql.includes('token_'),
    )) {
      await sql.raw(index.sql).execute(trx);
    }
  });
}

/** The links table, filled with the manage link each registration of `from` had until now. */
async function createLinks(db: Kysely<unknown>, from: string) {
  await sql`create table registration_links (
    token_hash varchar(64) primary key,
    registration_id varchar(64) not null references registrations (id) on delete cascade,
    purpose varchar(16) not null,
    created_at varchar(32) not null)`.execute(db);
  await sql`create index registration_links_registration_idx on registration_links (registration_id)`.execute(
    db,
  );
  await sql`insert into registration_links (token_hash, registration_id, purpose, created_at)
    select token_hash, id, 'legacy', created_at from ${sql.table(from)}`.execute(db);
}

/** Back to one token column per registration (the oldest manage link's hash; the nonce is gone). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table registrations add column token_nonce varchar(64)`.execute(db);
  await sql`alter table registrations add column token_hash varchar(64)`.execute(db);
  await sql`update registrations set token_nonce = '', token_hash = (
      select token_hash from registration_links
      where registration_links.registration_id = registrations.id and purpose in ('legacy', 'manage')
      order by created_at, token_hash limit 1)`.execute(db);
  await sql`create unique index registrations_token_hash_key on registrations (token_hash)`.execute(db);
  await sql`drop table registration_links`.execute(db);
}
