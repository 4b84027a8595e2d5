import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Each content entry's image descriptions (the text a screen reader says for an image), as a JSON
  // object from the image's address to its description. Existing entries have none.
  for (const table of ['events', 'news', 'partners']) {
    await db.schema
      .alterTable(table)
      .addColumn('image_descriptions', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['events', 'news', 'partners']) {
    await db.schema.alterTable(table).dropColumn('image_descriptions').execute();
  }
}
