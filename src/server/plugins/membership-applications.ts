import type { Kysely } from 'kysely';
import type { MembershipType } from '../../shared/constants.ts';
import type { Database } from '../db/schema.ts';

/** A membership request's fields, as the request form sent them. */
export interface MembershipApplicationInput {
  /** The stored request the application comes from. */
  requestId: string;
  fullName: string;
  company: string;
  position: string;
  email: string;
  phoneNumber: string;
  /** The form's `memberships` value; Corporativa opens on the plan of two seats (staff may change it). */
  plan: MembershipType;
}

/**
 * What the members domain offers the requests domain: a membership request also opens an application
 * (`en_revision`), in the transaction that stores the request, so both are kept or neither. An address
 * that already holds a live membership opens nothing. Declared here, below the domains; the members
 * plugin provides it.
 */
export interface MembershipApplications {
  open(trx: Kysely<Database>, input: MembershipApplicationInput): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    membershipApplications: MembershipApplications;
  }
}
