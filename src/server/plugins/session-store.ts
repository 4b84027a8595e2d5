import type { Session } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

type Callback = (error?: unknown) => void;

/** Sessions live in the database, so any instance can serve any admin and a restart logs nobody out. */
export class DatabaseSessionStore {
  #db: Kysely<Database>;
  #ttlMs: number;
  #maxMs: number;

  /** `ttlMs`: idle lifetime (rolls with each request); `maxMs`: absolute lifetime from the login. */
  constructor(db: Kysely<Database>, ttlMs: number, maxMs: number) {
    this.#db = db;
    this.#ttlMs = ttlMs;
    this.#maxMs = maxMs;
  }

  set(sid: string, session: Session, callback: Callback): void {
    let expires = session.cookie?.expires
      ? new Date(session.cookie.expires).getTime()
      : Date.now() + this.#ttlMs;
    // However active, a session ends maxMs after its login: the row's expiry never rolls past that.
    const loginAt = (session as { loginAt?: unknown }).loginAt;
    if (typeof loginAt === 'number') expires = Math.min(expires, loginAt + this.#maxMs);
    const row = { sid, data: JSON.stringify(session), expires_at: new Date(expires).toISOString() };
    this.#db
      .insertInto('sessions')
      .values(row)
      .onConflict((oc) => oc.column('sid').doUpdateSet({ data: row.data, expires_at: row.expires_at }))
      .execute()
      .then(() => callback(), callback);
  }

  get(sid: string, callback: (error: unknown, session?: Session | null) => void): void {
    this.#db
      .selectFrom('sessions')
      .select(['data', 'expires_at'])
      .where('sid', '=', sid)
      .executeTakeFirst()
      .then((row) => {
        if (!row || row.expires_at <= new Date().toISOString()) return callback(null, null);
        callback(null, JSON.parse(row.data) as Session);
      }, callback);
  }

  destroy(sid: string, callback: Callback): void {
    this.#db
      .deleteFrom('sessions')
      .where('sid', '=', sid)
      .execute()
      .then(() => callback(), callback);
  }

  /** Removes expired sessions; called now and then by the app. */
  async prune(): Promise<void> {
    await this.#db.deleteFrom('sessions').where('expires_at', '<=', new Date().toISOString()).execute();
  }
}

/**
 * Deletes the rows of every session of an admin but `keepSid` (after a password change, a session opened
 * with the old password elsewhere should not outlive it). Session data is JSON, so rows are matched on
 * the id's text and confirmed by parsing. A request of one of them still running writes its row back
 * as it answers (`set` upserts): what keeps such a session out is the account's "sessions valid after"
 * instant, moved in the same transaction (accounts/session-trust.ts, decision 046); this is housekeeping.
 */
export async function endOtherSessions(
  db: Kysely<Database>,
  adminId: string,
  keepSid: string,
): Promise<number> {
  const candidates = await db
    .selectFrom('sessions')
    .select(['sid', 'data'])
    .where('data', 'like', `%${adminId.replace(/[\\%_]/g, '')}%`)
    .where('sid', '!=', keepSid)
    .execute();
  const ended = candidates
    .filter((row) => {
      // A login waiting for its code (password given, code not yet) ends too.
      const data = JSON.parse(row.data) as { adminId?: unknown; pendingAdminId?: unknown };
      return data.adminId === adminId || data.pendingAdminId === adminId;
    })
    .map((row) => row.sid);
  if (ended.length > 0) await db.deleteFrom('sessions').where('sid', 'in', ended).execute();
  return ended.length;
}
