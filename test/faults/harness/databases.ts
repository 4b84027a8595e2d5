import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type Dialect } from '../../../src/server/db/database.ts';

/**
 * A database of its own for one fault test: a fresh SQLite file, or on PostgreSQL (TEST_DATABASE_URL)
 * a fresh database, so the server works in the default schema exactly as it does in production.
 */
export interface FaultDatabase {
  dialect: Dialect;
  /** What the server's DATABASE_URL should be. */
  url: string;
  /** PostgreSQL: the database name, for connection-level faults. */
  name?: string;
  /** The SQLite file's folder, for backups. */
  dir?: string;
  /** A handle for the test's own reads (closed by destroy). */
  open(): DatabaseHandle;
  destroy(): Promise<void>;
}

export const faultDialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export function postgresAdminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

/** The same server and credentials as TEST_DATABASE_URL, another database (and optionally host:port). */
export function postgresUrlFor(name: string, hostPort?: string): string {
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${name}`;
  if (hostPort) url.host = hostPort;
  return url.toString();
}

export async function adminQuery(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: postgresAdminUrl() });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

export async function createFaultDatabase(dialect: Dialect): Promise<FaultDatabase> {
  const handles: DatabaseHandle[] = [];
  const closeHandles = async () => {
    await Promise.all(handles.splice(0).map((handle) => handle.close()));
  };
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'site-faults-'));
    const url = join(dir, 'site.db');
    return {
      dialect,
      url,
      dir,
      open() {
        const handle = openDatabase(url);
        handles.push(handle);
        return handle;
      },
      async destroy() {
        await closeHandles();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `faults_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`create database "${name}"`);
  const url = postgresUrlFor(name);
  return {
    dialect,
    url,
    name,
    open() {
      const handle = openDatabase(url, { poolSize: 2 });
      handles.push(handle);
      return handle;
    },
    async destroy() {
      await closeHandles();
      await adminQuery(`drop database if exists "${name}" with (force)`);
    },
  };
}
