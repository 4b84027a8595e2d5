import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** What the certificates' services need of the app: the database, the clock, and where links go. */
export interface CertificatesContext {
  db: Kysely<Database>;
  /** The app's clock (config.now in tests). */
  now: () => Date;
  siteUrl: string;
  mailFrom: string;
  /** Tells the outbox worker there is mail to send. */
  wake: () => void;
}
