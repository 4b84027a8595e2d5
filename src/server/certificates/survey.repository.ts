import { sql, type Kysely } from 'kysely';
import { timeOrderedId } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';

export async function hasAnswer(db: Kysely<Database>, tokenHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('survey_answers')
    .select('id')
    .where('survey_token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores an answer; a second one for the same link meets the unique key. */
export async function insertAnswer(
  db: Kysely<Database>,
  answer: {
    tokenHash: string;
    eventId: string;
    email: string;
    rating: number;
    recommend: number;
    comment: string;
    quoteName: string | null;
    now: Date;
  },
): Promise<string> {
  const id = timeOrderedId(answer.now.getTime());
  await db
    .insertInto('survey_answers')
    .values({
      id,
      survey_token_hash: answer.tokenHash,
      event_id: answer.eventId,
      email: answer.email,
      rating: answer.rating,
      recommend: answer.recommend,
      comment: answer.comment,
      quote_name: answer.quoteName,
      answered_at: answer.now.toISOString(),
    })
    .execute();
  return id;
}

export async function surveyAverages(db: Kysely<Database>, eventId: string) {
  const row = await db
    .selectFrom('survey_answers')
    .select([
      sql<number>`count(*)`.as('responses'),
      sql<number | null>`avg(rating)`.as('rating'),
      sql<number | null>`avg(recommend)`.as('recommend'),
    ])
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return row;
}

/** The event's answers, oldest first (the name only where she may be quoted). */
export function answersOfEvent(db: Kysely<Database>, eventId: string) {
  return db
    .selectFrom('survey_answers')
    .select(['rating', 'recommend', 'comment', 'quote_name', 'answered_at'])
    .where('event_id', '=', eventId)
    .orderBy('answered_at')
    .orderBy('id')
    .execute();
}
