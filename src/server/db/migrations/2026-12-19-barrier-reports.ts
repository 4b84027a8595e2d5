import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
//
// A report of an accessibility barrier (the form of /Accesibilidad) lands in the requests' inbox as its
// own kind, `barrera`: the page it happened on and what happened are two more columns of the request,
// empty for every other kind. Its name, company, position and phone stay empty strings (the form asks
// for none of them), and its e-mail too when the visitor left none.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('requests').addColumn('page_url', 'text').execute();
  await db.schema.alterTable('requests').addColumn('details', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('requests').dropColumn('details').execute();
  await db.schema.alterTable('requests').dropColumn('page_url').execute();
}
