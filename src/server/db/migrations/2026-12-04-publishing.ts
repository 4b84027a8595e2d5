import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Each event and news item gets a state: 'draft', 'scheduled' (public from `publish_at` on) or
  // 'published'. `published_at` is when it became public: what a news item shows as its date. Every
  // entry already there was public, so it stays 'published', public since it was created.
  for (const table of ['events', 'news']) {
    await db.schema
      .alterTable(table)
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('published'))
      .execute();
    await db.schema.alterTable(table).addColumn('publish_at', 'varchar(32)').execute();
    await db.schema.alterTable(table).addColumn('published_at', 'varchar(32)').execute();
    await sql`update ${sql.table(table)} set published_at = created_at`.execute(db);
    await db.schema
      .createIndex(`${table}_publication_idx`)
      .on(table)
      .columns(['status', 'publish_at'])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['events', 'news']) {
    await db.schema.dropIndex(`${table}_publication_idx`).ifExists().execute();
    for (const column of ['published_at', 'publish_at', 'status'])
      await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
