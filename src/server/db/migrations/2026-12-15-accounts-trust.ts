import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The instant before which no session of the account counts any more (ISO 8601, UTC): moved forward
  // by a password change or reset, a second factor turned on or off, `admin:reset` and "cerrar las demás
  // sesiones". Null for an account none of these ever happened to. Every admin request compares its
  // session's sign-in with it, so a session written back by a request that was still running when the
  // sessions were ended is refused all the same.
  await db.schema.alterTable('admins').addColumn('sessions_valid_after', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admins').dropColumn('sessions_valid_after').execute();
}
