import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code, so it keeps its own copy of the
// folding the application applies on write (src/shared/text-fold.ts) to fill the rows already there.
const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '');

interface RequestRow {
  id: string;
  full_name: string;
  company: string;
  email: string;
}

/** The inbox's search column: name, company and e-mail folded, so "nunez" finds "Núñez" on both dialects. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('requests')
    .addColumn('search_folded', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const requests = db as unknown as Kysely<{ requests: RequestRow & { search_folded: string } }>;
  const rows = await requests
    .selectFrom('requests')
    .select(['id', 'full_name', 'company', 'email'])
    .execute();
  for (const row of rows) {
    await requests
      .updateTable('requests')
      .set({ search_folded: fold([row.full_name, row.company, row.email].join('\n')) })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('requests').dropColumn('search_folded').execute();
}
