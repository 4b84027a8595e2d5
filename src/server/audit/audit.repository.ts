import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { AuditLogTable, Database } from '../db/schema.ts';

export interface AuditEntry {
  adminId: string | null;
  /** The admin's address as it was then; looked up from `adminId` when not given. */
  adminEmail?: string | null;
  action: string;
  method: string;
  path: string;
  targetId?: string | null;
  detail?: string | null;
}

export async function recordAudit(db: Kysely<Database>, entry: AuditEntry, at = new Date()): Promise<void> {
  const adminEmail =
    entry.adminEmail !== undefined || entry.adminId === null
      ? (entry.adminEmail ?? null)
      : ((await db.selectFrom('admins').select('email').where('id', '=', entry.adminId).executeTakeFirst())
          ?.email ?? null);
  await db
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      admin_id: entry.adminId,
      admin_email: adminEmail,
      action: entry.action,
      method: entry.method,
      path: entry.path.slice(0, 500),
      target_id: entry.targetId?.slice(0, 200) ?? null,
      detail: entry.detail?.slice(0, 1_000) ?? null,
      created_at: at.toISOString(),
    })
    .execute();
}

export interface AuditPage {
  items: Selectable<AuditLogTable>[];
  total: number;
}

/** Newest first; `action` narrows to one kind of action, `admin` to one admin's e-mail. */
export async function listAudit(
  db: Kysely<Database>,
  options: { offset: number; limit: number; action?: string; admin?: string },
): Promise<AuditPage> {
  let query = db.selectFrom('audit_log');
  if (options.action) query = query.where('action', '=', options.action);
  if (options.admin) query = query.where('admin_email', '=', options.admin);
  const [items, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .offset(options.offset)
      .limit(options.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string | bigint>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

/** What was done to one record (its id as the log's target), oldest first. */
export async function auditOf(db: Kysely<Database>, targetId: string): Promise<Selectable<AuditLogTable>[]> {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_id', '=', targetId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Deletes the entries older than `before`; returns how many (the log is kept two years). */
export async function pruneAudit(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('audit_log')
    .where('created_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
