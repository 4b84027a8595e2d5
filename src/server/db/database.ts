import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import type pg from 'pg';
import { lazyPackage } from '../lib/lazy-package.ts';

const loadPg = lazyPackage<typeof pg>('pg');
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The SQLite file, when the database is one. */
  file?: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL only: the schema to work in (tests use one per run). */
  schema?: string;
  /** PostgreSQL only: the pool size. */
  poolSize?: number;
}

/** A new PostgreSQL connection not made within this time means the database is out of reach. */
export const CONNECT_TIMEOUT_MS = 5_000;
/**
 * A request waits this long for its turn at one of the pool's connections. Waiting is not an outage:
 * in a rush every connection may be busy with sign-ups that take one event's row in turn (200 at once
 * on two instances, test/faults/registrations-rush.test.ts), and each of them must still be answered.
 */
export const TURN_TIMEOUT_MS = 30_000;

export function isPostgresUrl(url: string): boolean {
  return url.startsWith('postgres://') || url.startsWith('postgresql://');
}

/** Opens the database a URL names: PostgreSQL for postgres:// URLs, otherwise an SQLite file path. */
export function openDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  if (isPostgresUrl(url)) {
    const { Pool, Client } = loadPg();
    const pool = new Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      // How long a request waits for its turn at a connection, all of them being busy.
      connectionTimeoutMillis: TURN_TIMEOUT_MS,
      // A new connection, though, gives up sooner: then the database is out of reach (a 503).
      Client: class extends Client {
        constructor(config?: pg.ClientConfig) {
          super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
        }
      },
      idleTimeoutMillis: 30_000,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // An idle client that loses its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    // A client that is checked out (mid-query or mid-transaction) has no listener of the pool's, and
    // an 'error' event without a listener kills the process. Its queries are failed anyway, and the
    // pool drops it when it is released, so the event itself can be ignored.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }

  const file = url.replace(/^sqlite:(\/\/)?/, '');
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // SQLite checkpoints the write-ahead log by itself (every 1,000 pages); after one, the log file is cut
  // back to this size, so it does not keep the largest size a rush once gave it.
  sqlite.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT}`);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: keepingStatements(sqlite) }),
  });
  return { db, dialect: 'sqlite', file, close: () => db.destroy() };
}

/** Bytes the write-ahead log's file is cut back to after a checkpoint. */
const JOURNAL_SIZE_LIMIT = 16 * 1024 * 1024;

/** Distinct SQL texts whose prepared statements are kept (the app has a few dozen). */
const STATEMENTS_KEPT = 256;

/**
 * The SQLite connection as Kysely sees it, with prepared statements kept by their SQL text: Kysely
 * prepares every query anew, which took a tenth of the time of a stored contact request. A statement
 * still being iterated (a streamed query) is not handed out twice; the oldest one goes when the cache
 * is full (the app's few dozen queries never fill it). SQLite prepares a kept statement again by
 * itself after a schema change.
 */
export function keepingStatements(sqlite: SQLite.Database, limit = STATEMENTS_KEPT): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      const statement = kept.get(text);
      if (statement && !statement.busy) return statement;
      const fresh = sqlite.prepare(text);
      if (!statement) {
        kept.set(text, fresh);
        if (kept.size > limit) kept.delete(kept.keys().next().value!);
      }
      return fresh;
    },
  };
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** The file next to an SQLite database that names the server process using it. */
export function serverPidFile(databaseFile: string): string {
  return `${databaseFile}.server-pid`;
}

/** The pid of a live server process that claimed this SQLite file, if any (a stale file is ignored). */
export function runningServerPid(databaseFile: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(serverPidFile(databaseFile), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it is still running.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/**
 * Marks an SQLite file as in use by this process, so offline tools (a restore) can refuse to replace
 * it under a running server. A file left by a killed server is simply overwritten. Returns the release.
 */
export function claimServerPidFile(databaseFile: string): () => void {
  const file = serverPidFile(databaseFile);
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
}

/** The SQLite file a database URL names, or undefined for PostgreSQL and in-memory databases. */
export function sqliteFileOf(url: string): string | undefined {
  if (isPostgresUrl(url)) return undefined;
  const file = url.replace(/^sqlite:(\/\/)?/, '');
  return file === ':memory:' ? undefined : file;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown (pg_terminate_backend)
  '57P02',
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
  'SQLITE_BUSY',
]);

/** True for an error that means the database cannot be reached now (the answer is a 503). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  const message = error instanceof Error ? error.message : '';
  // "timeout expired": a new connection not made in CONNECT_TIMEOUT_MS; "timeout exceeded…": no turn
  // at a pooled connection in TURN_TIMEOUT_MS.
  return /Connection terminated|timeout expired|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    message,
  );
}
