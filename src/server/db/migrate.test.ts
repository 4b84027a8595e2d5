import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './database.ts';
import { migrateToLatest, migrations } from './migrate.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/databases.ts';

describe.each(testDialects)('migrations on %s', (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = await database.open();
  });
  afterAll(async () => {
    await handle?.close();
    await database?.destroy();
  });

  it('runs a migration that lands after a later-named one ran (branches land in any order)', async () => {
    const names = Object.keys(migrations).sort();
    // A database that has every migration but one from the middle, as one made between two landings.
    const missing = '2026-12-03-newsletter';
    expect(names.indexOf(missing)).toBeLessThan(names.length - 1);
    await migrations[missing]!.down!(handle.db as never);
    await sql`delete from kysely_migration where name = ${missing}`.execute(handle.db);

    await migrateToLatest(handle.db, { schema: database.schema });
    const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      handle.db,
    );
    expect(ran.rows.map((row) => row.name)).toEqual(names);
    const tables = await handle.db.introspection.getTables();
    expect(tables.map((table) => table.name)).toContain('newsletter_subscribers');
  });
});

describe('migrations while another schema is dropped', () => {
  /** How PostgreSQL fails a listing of every schema's tables when one, or a table, is dropped during it. */
  const vanished = (name: string, kind = 'schema') => new Error(`${kind} "${name}" does not exist`);

  /** An SQLite database whose first `failures` table listings fail, naming `dropped`. */
  function sqliteListingFails(file: string, dropped: string, failures: number, kind = 'schema') {
    const sqlite = new SQLite(file);
    let listings = 0;
    const database = new Proxy(sqlite, {
      get(target, property, receiver) {
        if (property !== 'prepare') return Reflect.get(target, property, receiver) as unknown;
        return (text: string) => {
          if (/sqlite_master/.test(text) && listings++ < failures) throw vanished(dropped, kind);
          return target.prepare(text);
        };
      },
    });
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database }) });
    return { db, listings: () => listings };
  }

  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'migrate-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the tables again when another schema vanished while it listed them', async () => {
    const { db, listings } = sqliteListingFails(join(dir, 'other.db'), 't_another_test', 2);
    await migrateToLatest(db);
    expect(listings()).toBeGreaterThan(2);
    const ran = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    expect(ran.rows).toHaveLength(Object.keys(migrations).length);
    await db.destroy();
  });

  it.each([
    ['a table of another schema', 't_another_test.outbox', 1, 'relation'],
    ['a column', 'token_nonce" of relation "registrations', 2, 'column'],
  ] as const)(
    'reads them again when %s vanished while it listed them',
    async (_what, name, failures, kind) => {
      const { db, listings } = sqliteListingFails(join(dir, `${kind}.db`), name, failures, kind);
      await migrateToLatest(db);
      expect(listings()).toBeGreaterThan(failures);
      await db.destroy();
    },
  );

  it('gives up after three listings that fail', async () => {
    const { db, listings } = sqliteListingFails(join(dir, 'busy.db'), 't_another_test', 5);
    await expect(migrateToLatest(db)).rejects.toThrow('schema "t_another_test" does not exist');
    expect(listings()).toBe(3);
    await db.destroy();
  });

  it.runIf(testDialects.includes('postgres'))(
    'fails at once when the schema missing is its own',
    async () => {
      const schema = `t_gone_${Date.now().toString(36)}`;
      let listings = 0;
      const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
      const connect = pool.connect.bind(pool);
      const failing = Object.assign(pool, {
        connect: async () => {
          const client = await connect();
          const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
          return Object.assign(client, {
            query: (...args: unknown[]) => {
              if (typeof args[0] === 'string' && args[0].includes('pg_attribute')) {
                listings++;
                return Promise.reject(vanished(schema));
              }
              return query(...args);
            },
          });
        },
      });
      const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: failing }) });
      try {
        await expect(migrateToLatest(db, { schema })).rejects.toThrow(`schema "${schema}" does not exist`);
        expect(listings).toBe(1);
      } finally {
        // The migrator made the schema before it listed the tables.
        await sql.raw(`drop schema if exists "${schema}" cascade`).execute(db);
        await db.destroy();
      }
    },
  );
});
