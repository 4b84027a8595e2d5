import type { Kysely, Selectable } from 'kysely';
import type { ConsentPurpose } from '../../shared/privacy.ts';
import { timeOrderedId } from '../db/ids.ts';
import type { ConsentsTable, Database } from '../db/schema.ts';

/** A consent as a domain gives it to the ledger. */
export interface NewConsent {
  email: string;
  purpose: ConsentPurpose;
  /** The form it came from (`contacto`, `membresia`, `registro`, `boletin`, …). */
  source: string;
  noticeVersion: string;
  /** The record the form created (a request, a registration, a subscription). */
  refId?: string | null;
  givenAt?: Date;
}

export interface Consent {
  id: string;
  email: string;
  purpose: string;
  source: string;
  noticeVersion: string;
  refId: string | null;
  givenAt: string;
  withdrawnAt: string | null;
}

const normalise = (email: string) => email.trim().toLowerCase();

const toConsent = (row: Selectable<ConsentsTable>): Consent => ({
  id: row.id,
  email: row.email,
  purpose: row.purpose,
  source: row.source,
  noticeVersion: row.notice_version,
  refId: row.ref_id,
  givenAt: row.given_at,
  withdrawnAt: row.withdrawn_at,
});

/**
 * Records one consent. Pass the transaction that stores what the form sent, so the data and the consent
 * under which they were given are kept together or not at all. Returns its id, ordered by time:
 * consents given together share the last page of the id's index, where random ids took a page each.
 */
export async function recordConsent(db: Kysely<Database>, consent: NewConsent): Promise<string> {
  const givenAt = consent.givenAt ?? new Date();
  const id = timeOrderedId(givenAt.getTime());
  await db
    .insertInto('consents')
    .values({
      id,
      email: normalise(consent.email),
      purpose: consent.purpose,
      source: consent.source,
      notice_version: consent.noticeVersion,
      ref_id: consent.refId ?? null,
      given_at: givenAt.toISOString(),
      withdrawn_at: null,
    })
    .execute();
  return id;
}

/** Marks a person's consents for a purpose as withdrawn now (those still in force). Returns how many. */
export async function withdrawConsent(
  db: Kysely<Database>,
  email: string,
  purpose: ConsentPurpose,
  at = new Date(),
): Promise<number> {
  const result = await db
    .updateTable('consents')
    .set({ withdrawn_at: at.toISOString() })
    .where('email', '=', normalise(email))
    .where('purpose', '=', purpose)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Every consent a person gave, oldest first. */
export async function consentsOf(db: Kysely<Database>, email: string): Promise<Consent[]> {
  const rows = await db
    .selectFrom('consents')
    .selectAll()
    .where('email', '=', normalise(email))
    .orderBy('given_at')
    .orderBy('id')
    .execute();
  return rows.map(toConsent);
}

/** Whether the person's consent for a purpose is in force (given, and not withdrawn since). */
export async function hasConsent(
  db: Kysely<Database>,
  email: string,
  purpose: ConsentPurpose,
): Promise<boolean> {
  const row = await db
    .selectFrom('consents')
    .select('id')
    .where('email', '=', normalise(email))
    .where('purpose', '=', purpose)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
