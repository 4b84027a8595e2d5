import { sql, type Kysely, type Selectable } from 'kysely';
import type { ArcoRight, ArcoStatus } from '../../shared/arco.ts';
import { timeOrderedId } from '../db/ids.ts';
import type { Database, PrivacyRequestsTable } from '../db/schema.ts';

export type ArcoRow = Selectable<PrivacyRequestsTable>;

export interface NewArcoRequest {
  folio: string;
  fullName: string;
  email: string;
  right: ArcoRight;
  details: string;
}

/** Stores an ARCO request, its e-mail lower-cased, inside the caller's transaction; returns the row. */
export async function insertArcoRequest(
  db: Kysely<Database>,
  request: NewArcoRequest,
  receivedAt: Date,
): Promise<ArcoRow> {
  const at = receivedAt.toISOString();
  const row: ArcoRow = {
    id: timeOrderedId(receivedAt.getTime()),
    folio: request.folio,
    full_name: request.fullName,
    email: request.email.trim().toLowerCase(),
    right_kind: request.right,
    details: request.details,
    status: 'recibida',
    received_at: at,
    answered_at: null,
    completed_at: null,
    updated_at: at,
  };
  await db.insertInto('privacy_requests').values(row).execute();
  return row;
}

export async function folioTaken(db: Kysely<Database>, folio: string): Promise<boolean> {
  const row = await db
    .selectFrom('privacy_requests')
    .select('id')
    .where('folio', '=', folio)
    .executeTakeFirst();
  return row !== undefined;
}

/** ARCO acknowledgements queued for this address (any case) since `since`. */
export async function arcoAcksSince(db: Kysely<Database>, address: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('purpose', '=', 'arco-ack')
    .where('created_at', '>', since.toISOString())
    .where(sql<string>`lower(to_address)`, '=', address.toLowerCase())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of requests, newest first, and how many match. */
export async function listArcoRows(
  db: Kysely<Database>,
  options: { offset: number; limit: number; status?: ArcoStatus; open?: boolean },
): Promise<{ rows: ArcoRow[]; total: number }> {
  let query = db.selectFrom('privacy_requests');
  if (options.status) query = query.where('status', '=', options.status);
  if (options.open) query = query.where('status', '!=', 'concluida');
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('received_at', 'desc')
      .orderBy('id')
      .offset(options.offset)
      .limit(options.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string | bigint>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function getArcoRow(db: Kysely<Database>, id: string): Promise<ArcoRow | undefined> {
  return db.selectFrom('privacy_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The requests not yet concluded, oldest first. */
export async function openArcoRows(db: Kysely<Database>): Promise<ArcoRow[]> {
  return db
    .selectFrom('privacy_requests')
    .selectAll()
    .where('status', '!=', 'concluida')
    .orderBy('received_at')
    .execute();
}

/** A person's requests (by their lower-cased e-mail), oldest first. */
export async function arcoRowsOf(db: Kysely<Database>, email: string): Promise<ArcoRow[]> {
  return db
    .selectFrom('privacy_requests')
    .selectAll()
    .where('email', '=', email)
    .orderBy('received_at')
    .execute();
}

/**
 * Sets a request's status in one statement: `answered` stamps `answered_at` unless it already has a
 * stamp, `completed` likewise `completed_at`, which is cleared otherwise. Undefined for an unknown id.
 */
export async function updateArcoStatus(
  db: Kysely<Database>,
  id: string,
  change: { status: ArcoStatus; answered: boolean; completed: boolean },
  at: Date,
): Promise<ArcoRow | undefined> {
  const stamp = at.toISOString();
  return db
    .updateTable('privacy_requests')
    .set((eb) => ({
      status: change.status,
      updated_at: stamp,
      ...(change.answered ? { answered_at: eb.fn.coalesce('answered_at', eb.val(stamp)) } : {}),
      completed_at: change.completed ? eb.fn.coalesce('completed_at', eb.val(stamp)) : null,
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Keeps a person's requests without who made them: the e-mail becomes `emailHash`, the name and the
 * description are emptied. Returns how many.
 */
export async function anonymiseArcoRequests(
  db: Kysely<Database>,
  email: string,
  emailHash: string,
): Promise<number> {
  const result = await db
    .updateTable('privacy_requests')
    .set({ email: emailHash, full_name: '', details: '' })
    .where('email', '=', email)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
