import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The members a campaign may go to: those active now, or those in their grace. */
export type MemberAudienceName = 'members-active' | 'members-grace';

/**
 * What the members domain offers the newsletter: the addresses of an audience of members, read at the
 * moment asked (status follows the dates), lower-cased, each once, blocked people left out. The
 * newsletter intersects them with its own consent: being a member is no consent to its mail. Declared
 * here, below the domains; the members plugin provides it.
 */
export interface MemberAudience {
  emails(trx: Kysely<Database>, audience: MemberAudienceName): AsyncIterable<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    memberAudience: MemberAudience;
  }
}
