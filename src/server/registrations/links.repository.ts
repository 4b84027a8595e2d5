import type { Insertable, Kysely } from 'kysely';
import type { Database, RegistrationLinkPurpose, RegistrationLinksTable } from '../db/schema.ts';
import type { RegistrationRow } from './registrations.repository.ts';

/** The links mailed for registrations, each a random token kept only as its SHA-256. */

export type NewLink = Insertable<RegistrationLinksTable>;

export async function insertLinks(db: Kysely<Database>, links: readonly NewLink[]): Promise<void> {
  if (links.length > 0) await db.insertInto('registration_links').values(links).execute();
}

/** The registration a link's token (by its hash) names, when the link may do this. */
export async function findByLink(
  db: Kysely<Database>,
  tokenHash: string,
  purposes: readonly RegistrationLinkPurpose[],
): Promise<RegistrationRow | undefined> {
  return db
    .selectFrom('registration_links')
    .innerJoin('registrations', 'registrations.id', 'registration_links.registration_id')
    .selectAll('registrations')
    .where('registration_links.token_hash', '=', tokenHash)
    .where('registration_links.purpose', 'in', purposes)
    .executeTakeFirst();
}
