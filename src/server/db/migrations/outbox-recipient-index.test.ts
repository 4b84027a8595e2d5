import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDialects } from '../../test/databases.ts';
import { queryPlan } from '../../test/query-plan.ts';
import { down, up } from './2026-12-10-outbox-recipient-index.ts';

// Every query of the outbox by recipient, as the domains write them, must find its rows through the one
// index led by the address.
const since = '2026-11-25T00:00:00.000Z';
const QUERIES = [
  sql`select id from outbox where lower(to_address) = ${'ana@example.org'}`,
  sql`select count(*) from outbox where purpose = ${'ack'} and created_at > ${since}
    and lower(to_address) = ${'ana@example.org'}`,
  sql`select count(*) from outbox where lower(to_address) = ${'ana@example.org'}
    and purpose = ${'registration-again'} and created_at > ${since}`,
  sql`update outbox set status = 'cancelled' where status = 'pending'
    and lower(to_address) = ${'ana@example.org'}`,
] as const;

describe.each(testDialects)('the outbox recipient index on %s', (dialect) => {
  const handle = openTestDatabase(dialect);

  const plan = (db: Kysely<unknown>, query: (typeof QUERIES)[number]) => queryPlan(dialect, db, query);

  async function names(db: Kysely<unknown>): Promise<string[]> {
    const { rows } =
      dialect === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master
            where type = 'index' and tbl_name = 'outbox' and sql is not null`.execute(db)
        : await sql<{ name: string }>`select indexname as name from pg_indexes
            where tablename = 'outbox' and schemaname = current_schema()`.execute(db);
    return rows.map((row) => row.name).sort();
  }

  it('has one index on the recipient, and every query by recipient uses it', async () => {
    const db = handle.db as never as Kysely<unknown>;
    const indexes = await names(db);
    expect(indexes).toContain('outbox_recipient_purpose_idx');
    expect(indexes).not.toContain('outbox_recipient_idx');
    expect(indexes).not.toContain('outbox_ack_recipient_idx');
    for (const query of QUERIES) expect(await plan(db, query)).toContain('outbox_recipient_purpose_idx');
  });

  it('goes back to the two indexes and forward again', async () => {
    const db = handle.db as never as Kysely<unknown>;
    await down(db as never);
    expect(await names(db)).toEqual(
      expect.arrayContaining(['outbox_recipient_idx', 'outbox_ack_recipient_idx']),
    );
    expect(await names(db)).not.toContain('outbox_recipient_purpose_idx');
    await up(db as never);
    expect(await names(db)).toContain('outbox_recipient_purpose_idx');
  });
});
