import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
//
// - A campaign names its audience: `all` (every active subscriber, as every campaign until now),
//   `members-active` or `members-grace` (the active subscribers who are also members in that state).
// - A subscription asked for from the newsletter's own form is stored here as it arrives, one row per
//   post, and answered at once; whether the address is new, pending or already on the list is worked
//   out after the answer, and the row then goes. A row left by a crash is taken up at the next start.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('newsletter_campaigns')
    .addColumn('audience', 'varchar(32)', (c) => c.notNull().defaultTo('all'))
    .execute();
  await db.schema
    .createTable('newsletter_requests')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(200)')
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('notice_version', 'varchar(32)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_requests').ifExists().execute();
  await db.schema.alterTable('newsletter_campaigns').dropColumn('audience').execute();
}
