import { sql, type Kysely, type Selectable } from 'kysely';
import type { CertificateSettings } from '../../shared/certificates.ts';
import type { CertificatesTable, Database } from '../db/schema.ts';

export type CertificateRow = Selectable<CertificatesTable>;

/** An event's certificate settings; undefined when staff never set them. */
export async function settingsOf(
  db: Kysely<Database>,
  eventId: string,
): Promise<CertificateSettings | undefined> {
  const row = await db
    .selectFrom('certificate_settings')
    .selectAll()
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { enabled: row.enabled === 1, hours: row.hours, text: row.text, signers: JSON.parse(row.signers) };
}

export async function saveSettings(
  db: Kysely<Database>,
  eventId: string,
  settings: CertificateSettings,
  now: Date,
): Promise<void> {
  const values = {
    enabled: settings.enabled ? 1 : 0,
    hours: settings.hours,
    text: settings.text,
    signers: JSON.stringify(settings.signers),
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('certificate_settings')
    .values({ event_id: eventId, ...values })
    .onConflict((oc) => oc.column('event_id').doUpdateSet(values))
    .execute();
}

/** The event's name and start, when it exists. */
export function eventOf(db: Kysely<Database>, eventId: string) {
  return db
    .selectFrom('events')
    .select(['id', 'name', 'event_date'])
    .where('id', '=', eventId)
    .executeTakeFirst();
}

export async function insertCertificate(db: Kysely<Database>, row: CertificateRow): Promise<void> {
  await db.insertInto('certificates').values(row).execute();
}

export function certificateByFolio(db: Kysely<Database>, folio: string) {
  return db.selectFrom('certificates').selectAll().where('folio', '=', folio).executeTakeFirst();
}

/** The certificate issued for a registration, if any (one per registration). */
export function certificateOfRegistration(db: Kysely<Database>, registrationId: string) {
  return db
    .selectFrom('certificates')
    .select(['folio', 'revoked_at'])
    .where('registration_id', '=', registrationId)
    .executeTakeFirst();
}

export function certificatesOfEvent(db: Kysely<Database>, eventId: string) {
  return db
    .selectFrom('certificates')
    .select(['folio', 'full_name', 'issued_at', 'revoked_at', 'revoked_reason'])
    .where('event_id', '=', eventId)
    .orderBy('full_name')
    .execute();
}

/** Revokes a certificate still valid; false when there is none by that folio or it was revoked. */
export async function revokeCertificate(
  db: Kysely<Database>,
  folio: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('certificates')
    .set({ revoked_at: now.toISOString(), revoked_reason: reason })
    .where('folio', '=', folio)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Revokes every valid certificate of an address (its data are cancelled). */
export async function revokeCertificatesOf(db: Kysely<Database>, email: string, reason: string, now: Date) {
  await db
    .updateTable('certificates')
    .set({ revoked_at: now.toISOString(), revoked_reason: reason })
    .where('email', '=', email)
    .where('revoked_at', 'is', null)
    .execute();
}

/** How many of the event's registrations checked in, and how many of them were mailed. */
export async function followupCounts(db: Kysely<Database>, eventId: string) {
  const row = await db
    .selectFrom('registrations')
    .leftJoin('event_followups', 'event_followups.registration_id', 'registrations.id')
    .select([
      sql<number>`count(*)`.as('checked_in'),
      sql<number>`count(event_followups.registration_id)`.as('mailed'),
    ])
    .where('registrations.event_id', '=', eventId)
    .where('registrations.checked_in_at', 'is not', null)
    .where('registrations.status', '!=', 'cancelled')
    .executeTakeFirstOrThrow();
  return { checkedIn: Number(row.checked_in), mailed: Number(row.mailed) };
}
