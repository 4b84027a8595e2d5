import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDialects } from '../../test/databases.ts';
import { queryPlan } from '../../test/query-plan.ts';
import { down, up } from './2026-12-09-outbox-partial-indexes.ts';

// The outbox's queries by request, by claim and by the bulk stream's recent sends must still find their
// rows through these indexes once only the rows with a value are in them.
const QUERIES = [
  ['outbox_request_idx', sql`select id from outbox where request_id = ${'r-1'}`],
  ['outbox_request_idx', sql`select id from outbox where request_id in (${'r-1'}, ${'r-2'})`],
  ['outbox_claim_token_idx', sql`select id from outbox where claim_token = ${'c-1'}`],
  ['outbox_claim_token_idx', sql`select id from outbox where claim_token in (${'c-1'}, ${'c-2'})`],
  [
    'outbox_stream_sent_idx',
    sql`select count(*) from outbox where stream = ${'bulk'} and sent_at > ${'2026-11-25T00:00:00.000Z'}`,
  ],
] as const;

describe.each(testDialects)('the outbox partial indexes on %s', (dialect) => {
  const handle = openTestDatabase(dialect);

  const plan = (db: Kysely<unknown>, query: (typeof QUERIES)[number][1]) => queryPlan(dialect, db, query);

  async function definitions(db: Kysely<unknown>): Promise<Record<string, string>> {
    const { rows } =
      dialect === 'sqlite'
        ? await sql<{ name: string; definition: string }>`select name, sql as definition from sqlite_master
            where type = 'index' and tbl_name = 'outbox'`.execute(db)
        : await sql<{ name: string; definition: string }>`select indexname as name, indexdef as definition
            from pg_indexes where tablename = 'outbox' and schemaname = current_schema()`.execute(db);
    return Object.fromEntries(rows.map((row) => [row.name, row.definition ?? '']));
  }

  it('keeps only the rows with a value in each, and every query on them still uses it', async () => {
    const db = handle.db as never as Kysely<unknown>;
    const defined = await definitions(db);
    for (const name of ['outbox_request_idx', 'outbox_claim_token_idx', 'outbox_stream_sent_idx'])
      expect(defined[name], name).toMatch(/ where .+ is not null/i);
    for (const [index, query] of QUERIES) expect(await plan(db, query)).toContain(index);
  });

  it('goes back to whole indexes and forward again', async () => {
    const db = handle.db as never as Kysely<unknown>;
    await down(db as never);
    const whole = await definitions(db);
    expect(whole.outbox_claim_token_idx).toBeDefined();
    expect(whole.outbox_claim_token_idx).not.toMatch(/ where /i);
    await up(db as never);
    expect((await definitions(db)).outbox_claim_token_idx).toMatch(/ where .+ is not null/i);
  });
});
