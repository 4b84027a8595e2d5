import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../db/database.ts';

/**
 * The plan of a query, as one text, to check which index it uses. On PostgreSQL sequential scans are
 * turned off for the question: on a nearly empty table the planner would rather read it all, and what
 * is asked is whether it can use the index at all.
 */
export async function queryPlan(
  dialect: Dialect,
  db: Kysely<unknown>,
  query: RawBuilder<unknown>,
): Promise<string> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ detail: string }>`explain query plan ${query}`.execute(db);
    return rows.map((row) => row.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(trx);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
