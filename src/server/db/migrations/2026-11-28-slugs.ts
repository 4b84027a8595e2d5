import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code, so it keeps its own copy of the
// slug rule it backfills with (the application's rule may change later; these slugs must not).
const slugOf = (name: string, fallback: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '') || fallback;

/** Every event and news entry gets a unique, stable slug for its own page (`/Eventos/<slug>`). */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, fallback] of [
    ['events', 'evento'],
    ['news', 'noticia'],
  ] as const) {
    await db.schema.alterTable(table).addColumn('slug', 'varchar(200)').execute();
    const rows = await sql<{ id: string; name: string }>`
      select id, name from ${sql.table(table)} order by created_at, id`.execute(db);
    const taken = new Set<string>();
    for (const row of rows.rows) {
      const base = slugOf(row.name, fallback);
      let slug = base;
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
      taken.add(slug);
      await sql`update ${sql.table(table)} set slug = ${slug} where id = ${row.id}`.execute(db);
    }
    await db.schema.createIndex(`${table}_slug_idx`).on(table).column('slug').unique().execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['events', 'news']) {
    await db.schema.dropIndex(`${table}_slug_idx`).ifExists().execute();
    await db.schema.alterTable(table).dropColumn('slug').execute();
  }
}
