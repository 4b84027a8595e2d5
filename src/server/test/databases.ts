import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type Dialect } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { afterAll, beforeAll } from 'vitest';

/**
 * The databases every data test runs on: always a fresh SQLite file, and PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it). Each PostgreSQL use gets its own schema, dropped afterwards,
 * so runs never see each other's rows.
 */
export interface TestDatabase {
  dialect: Dialect;
  /** A URL the app config can take (an SQLite file path, or the PostgreSQL URL). */
  url: string;
  /** PostgreSQL schema, when dialect is postgres. */
  schema?: string;
  /** Opens a migrated handle on this database (call as often as needed; close each). */
  open(): Promise<DatabaseHandle>;
  /** Drops the schema or deletes the file. */
  destroy(): Promise<void>;
}

export const testDialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'site-test-'));
    const url = join(dir, 'test.db');
    const handle = openDatabase(url);
    await migrateToLatest(handle.db);
    await handle.close();
    return {
      dialect,
      url,
      open: async () => openDatabase(url),
      destroy: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const handle = openDatabase(url, { schema, poolSize: 4 });
  await migrateToLatest(handle.db, { schema });
  await handle.close();
  return {
    dialect,
    url,
    schema,
    open: async () => openDatabase(url, { schema, poolSize: 4 }),
    destroy: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    },
  };
}

/**
 * A migrated database of this dialect, open for the tests of the current `describe` and removed after
 * them. Read `.db` inside a test.
 */
export function openTestDatabase(dialect: Dialect): { readonly db: DatabaseHandle['db'] } {
  let database: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = await database.open();
  });
  afterAll(async () => {
    await handle?.close();
    await database?.destroy();
  });
  return {
    get db() {
      if (!handle) throw new Error('the test database opens in beforeAll');
      return handle.db;
    },
  };
}
