import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as initial from './migrations/2026-11-23-initial.ts';
import * as admin from './migrations/2026-11-24-admin.ts';
import * as outboxClaims from './migrations/2026-11-25-outbox-claims.ts';
import * as accounts from './migrations/2026-11-26-accounts.ts';
import * as searchFolding from './migrations/2026-11-27-search-folding.ts';
import * as slugs from './migrations/2026-11-28-slugs.ts';
import * as ackRecipientIndex from './migrations/2026-11-29-ack-recipient-index.ts';
import * as mailPartsAndConsents from './migrations/2026-11-30-mail-parts-and-consents.ts';
import * as privacy from './migrations/2026-12-01-privacy.ts';
import * as registrations from './migrations/2026-12-02-registrations.ts';
import * as newsletter from './migrations/2026-12-03-newsletter.ts';
import * as publishing from './migrations/2026-12-04-publishing.ts';
import * as passwordReset from './migrations/2026-12-05-password-reset.ts';
import * as imageDescriptions from './migrations/2026-12-07-image-descriptions.ts';
import * as bulkWireMark from './migrations/2026-12-08-bulk-wire-mark.ts';
import * as outboxPartialIndexes from './migrations/2026-12-09-outbox-partial-indexes.ts';
import * as outboxRecipientIndex from './migrations/2026-12-10-outbox-recipient-index.ts';
import * as recipientLocks from './migrations/2026-12-11-recipient-locks.ts';
import * as registrationLinks from './migrations/2026-12-12-registration-links.ts';
import * as members from './migrations/2026-12-13-members.ts';
import * as accountsTrust from './migrations/2026-12-15-accounts-trust.ts';
import * as barrierReports from './migrations/2026-12-19-barrier-reports.ts';
import * as certificates from './migrations/2026-12-17-certificates.ts';
import * as shareCards from './migrations/2026-12-16-share-cards.ts';

// Listed by hand so the migration set is the same under Node, Vite and the bundler.
export const migrations: Record<string, Migration> = {
  '2026-11-23-initial': initial,
  '2026-11-24-admin': admin,
  '2026-11-25-outbox-claims': outboxClaims,
  '2026-11-26-accounts': accounts,
  '2026-11-27-search-folding': searchFolding,
  '2026-11-28-slugs': slugs,
  '2026-11-29-ack-recipient-index': ackRecipientIndex,
  '2026-11-30-mail-parts-and-consents': mailPartsAndConsents,
  '2026-12-01-privacy': privacy,
  '2026-12-02-registrations': registrations,
  '2026-12-03-newsletter': newsletter,
  '2026-12-04-publishing': publishing,
  '2026-12-05-password-reset': passwordReset,
  '2026-12-07-image-descriptions': imageDescriptions,
  '2026-12-08-bulk-wire-mark': bulkWireMark,
  '2026-12-09-outbox-partial-indexes': outboxPartialIndexes,
  '2026-12-10-outbox-recipient-index': outboxRecipientIndex,
  '2026-12-11-recipient-locks': recipientLocks,
  '2026-12-12-registration-links': registrationLinks,
  '2026-12-13-members': members,
  '2026-12-15-accounts-trust': accountsTrust,
  '2026-12-19-barrier-reports': barrierReports,
  '2026-12-17-certificates': certificates,
  '2026-12-16-share-cards': shareCards,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the schema up to date. On PostgreSQL with a non-default schema, name it: the migrator looks
 * for its own tables by name across schemas and would otherwise find another schema's.
 */
export async function migrateToLatest<T>(db: Kysely<T>, options: { schema?: string } = {}): Promise<void> {
  const migrator = new Migrator({
    db: db as Kysely<unknown>,
    provider,
    migrationTableSchema: options.schema,
    // Migrations are made on branches that land in any order, each named by its own date so two never
    // collide; each touches only its own tables and columns, so one that lands after a later-named one
    // has run is run too, instead of stopping the server.
    allowUnorderedMigrations: true,
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((result) => result.status === 'Error');
    if (!error && !failed) return;
    const reason = error instanceof Error ? error.message : String(error ?? '');
    // The migrator first lists the tables of every schema in the database. Another schema dropped
    // while it reads them (a test's, as its file ends) fails that lookup ("schema "x" does not exist",
    // or "relation "x.t" …" for one of its tables), with nothing of ours changed: it is only read again.
    const match = /schema "([^"]+)" does not exist|relation "([^".]+)\.[^"]+" does not exist/.exec(reason);
    const other = match?.[1] ?? match?.[2];
    // A column dropped while it reads them (a migration committing in another schema, or another
    // instance migrating this one) fails it as "column "c" of relation "t" …", naming no schema; read
    // again, the column is simply gone.
    const columnGone = /column "[^"]+" of relation "[^"]+" does not exist/.test(reason);
    const elsewhere = (other !== undefined && other !== options.schema) || columnGone;
    if (attempt < 3 && !failed && elsewhere) continue;
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
