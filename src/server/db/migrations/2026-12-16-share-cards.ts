import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // What an event or news item shares in link previews when staff chose other than the composed card
  // (decision 047): 'card' or 'photo'. An entry without a row shares the card.
  await db.schema
    .createTable('share_card_choices')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('entry_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('share_card_choices_pkey', ['kind', 'entry_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('share_card_choices').execute();
}
