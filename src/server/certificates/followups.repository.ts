import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The checked-in registrations still without their follow-up mail: of one event, or of every event
 * whose start lies between `startedFrom` and `startedBy`. Cancelled ones are left out.
 */
export function pendingFollowups(
  db: Kysely<Database>,
  where: { eventId: string; registrationId?: string } | { startedFrom: string; startedBy: string },
) {
  let query = db
    .selectFrom('registrations')
    .innerJoin('events', 'events.id', 'registrations.event_id')
    .leftJoin('event_followups', 'event_followups.registration_id', 'registrations.id')
    .select([
      'registrations.id',
      'registrations.event_id',
      'registrations.full_name',
      'registrations.email',
      'events.name as event_name',
      'events.event_date',
    ])
    .where('registrations.checked_in_at', 'is not', null)
    .where('registrations.status', '!=', 'cancelled')
    .where('event_followups.registration_id', 'is', null);
  if ('eventId' in where) {
    query = query.where('registrations.event_id', '=', where.eventId);
    if (where.registrationId) query = query.where('registrations.id', '=', where.registrationId);
  } else {
    query = query
      .where('events.event_date', '>=', where.startedFrom)
      .where('events.event_date', '<=', where.startedBy);
  }
  return query.orderBy('registrations.id').execute();
}

export type PendingFollowup = Awaited<ReturnType<typeof pendingFollowups>>[number];

/** Marks a registration's follow-up as written; a second one meets the unique key. */
export async function insertFollowup(
  db: Kysely<Database>,
  row: { registrationId: string; eventId: string; email: string; tokenHash: string; now: Date },
): Promise<void> {
  await db
    .insertInto('event_followups')
    .values({
      registration_id: row.registrationId,
      event_id: row.eventId,
      email: row.email,
      survey_token_hash: row.tokenHash,
      created_at: row.now.toISOString(),
    })
    .execute();
}

/** A survey link's follow-up, with its event, by the token's hash. */
export function followupByToken(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('event_followups')
    .innerJoin('events', 'events.id', 'event_followups.event_id')
    .innerJoin('registrations', 'registrations.id', 'event_followups.registration_id')
    .select([
      'event_followups.registration_id',
      'event_followups.event_id',
      'event_followups.email',
      'registrations.full_name',
      'events.name as event_name',
      'events.event_date',
    ])
    .where('event_followups.survey_token_hash', '=', tokenHash)
    .executeTakeFirst();
}
