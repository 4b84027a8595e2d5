import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * What one domain stores about people, as the privacy rights need it: everything about one address
 * (Acceso), hiding it at once (Cancelación: blocking) and erasing it after the blocking period. Each
 * domain that keeps personal data registers one (`app.personData.register`), so the person search,
 * the export and the cancellation reach every table without knowing the domains.
 */
export interface PersonDataSource {
  /** The key of its section in the person's record (`requests`, `registrations`, `subscriptions`). */
  key: string;
  /** Everything stored about this address (lower-cased), as plain JSON-safe objects. */
  find(db: Kysely<Database>, email: string): Promise<unknown[]>;
  /**
   * Called in the transaction that blocks the person, after their address is in `blocked_people`: stop
   * what the domain would still do for them (pending mail is cancelled by the caller for every domain).
   */
  block?(db: Kysely<Database>, email: string): Promise<void>;
  /** Deletes what is stored about this address; returns how many records went. */
  erase(db: Kysely<Database>, email: string): Promise<number>;
}

export interface PersonData {
  register(source: PersonDataSource): void;
  readonly sources: readonly PersonDataSource[];
}

export const personDataPlugin = fp(
  async (app: FastifyInstance) => {
    const sources: PersonDataSource[] = [];
    app.decorate('personData', {
      register(source) {
        if (sources.some((known) => known.key === source.key))
          throw new Error(`${source.key} registered twice`);
        sources.push(source);
      },
      sources,
    } satisfies PersonData);
  },
  { name: 'person-data' },
);

/**
 * The condition every list, search, export and mailing of personal data adds: the row's e-mail column
 * is not a blocked person's. Use it as `.where((eb) => notBlocked(eb, 'requests.email'))`.
 */
export function notBlocked<DB extends Database, TB extends keyof DB & string>(
  eb: ExpressionBuilder<DB, TB>,
  emailColumn: string,
): Expression<SqlBool> {
  return eb.not(
    eb.exists(
      (eb as unknown as ExpressionBuilder<Database, never>)
        .selectFrom('blocked_people')
        .select(sql.lit(1).as('one'))
        .where('blocked_people.email', '=', sql<string>`lower(${sql.ref(emailColumn)})`),
    ),
  );
}

/** Whether an address is blocked (a form sent from it is stored but nothing is mailed to it). */
export async function isBlocked(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocked_people')
    .select('email')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where each domain registers the personal data it keeps (consent/person-data.ts). */
    personData: PersonData;
  }
}
