import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';

const MiB = 1024 * 1024;

describe('SQLite checkpoints on a thread of their own', () => {
  let dir: string;
  let file: string;
  let handle: DatabaseHandle | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'checkpoints-'));
    file = join(dir, 'site.db');
  });
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const walBytes = () => statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  /** The log file's 32-byte header, if it has one yet. */
  function readWalHeader() {
    let fd: number;
    try {
      fd = openSync(`${file}-wal`, 'r');
    } catch {
      return undefined;
    }
    try {
      const header = Buffer.alloc(32);
      return readSync(fd, header, 0, 32, 0) === 32 ? header : undefined;
    } finally {
      closeSync(fd);
    }
  }
  /** About `mib` MiB of rows, in transactions of a few hundred kilobytes. */
  async function write(mib: number) {
    const db = handle!.db;
    const row = 'x'.repeat(1000);
    for (let batch = 0; batch < mib * 4; batch++) {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < 256; i++) await sql`insert into t (body) values (${row})`.execute(trx);
      });
    }
  }
  async function openWithTable(checkpoints: NonNullable<Parameters<typeof openDatabase>[1]>['checkpoints']) {
    handle = openDatabase(file, { checkpoints });
    await sql`create table t (id integer primary key, body text)`.execute(handle.db);
    return handle;
  }

  it('never checkpoints on the server connection, and the thread keeps the log file bounded', async () => {
    // The thread checkpoints only when told here.
    const { db, checkpoints } = await openWithTable({ intervalMs: 3_600_000, restartAboveBytes: 2 * MiB });
    expect(checkpoints?.state).toBe('running');
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(rows).toEqual([{ wal_autocheckpoint: 0 }]);

    await write(6);
    // Far past SQLite's 1,000 pages, none of them checkpointed: the commits did not checkpoint.
    expect(walBytes()).toBeGreaterThan(6 * MiB);
    const first = await checkpoints!.tick();
    expect(first.log).toBeGreaterThan(1500);
    expect(first.checkpointed).toBe(first.log);
    expect(first.restartWanted).toBe(true);
    expect(first.restarted).toBe(true);

    // The server's commits never cut the log file (decision 041): each starts the log over, in place.
    const { rows: limit } = await sql<{ journal_size_limit: number }>`pragma journal_size_limit`.execute(db);
    expect(limit).toEqual([{ journal_size_limit: -1 }]);
    const largest = walBytes();
    for (let round = 0; round < 5; round++) {
      await write(1);
      expect(walBytes()).toBe(largest);
      const tick = await checkpoints!.tick();
      expect(tick.checkpointed).toBe(tick.log);
      expect(tick.restartWanted).toBe(false);
      // A megabyte since the last tick is not light: the file is left as it is.
      expect(tick.shrinkWanted).toBe(false);
      expect(tick.restarted).toBe(false);
    }
    // Nothing written since: the thread cuts the file, with the server's connection held.
    const quiet = await checkpoints!.tick();
    expect(quiet).toMatchObject({ restartWanted: false, shrinkWanted: true, restarted: true });
    expect(walBytes()).toBe(0);
    await write(1);
    expect(walBytes()).toBeGreaterThan(MiB / 2);
    expect(walBytes()).toBeLessThanOrEqual(2 * MiB);
    const { rows: counted } = await sql<{ n: number }>`select count(*) as n from t`.execute(db);
    expect(counted).toEqual([{ n: 12 * 4 * 256 }]);
  });

  it('leaves the file for a while when another process reading keeps it from being cut', async () => {
    const { checkpoints } = await openWithTable({
      intervalMs: 3_600_000,
      restartAboveBytes: 2 * MiB,
      restartWaitMs: 20,
    });
    await write(6);
    // A backup in another process: a read transaction open on the log, over the rows written so far.
    const reader = new SQLite(file);
    try {
      reader.exec('begin');
      reader.prepare('select count(*) from t').get();
      const first = await checkpoints!.tick();
      expect(first.restartWanted).toBe(true);
      expect(first.restarted).toBe(false);
      const refused = await checkpoints!.tick();
      expect(refused).toMatchObject({ restartWanted: false, shrinkWanted: true, restarted: false });
      // Each try would hold the server's connection: the next ticks do not ask again.
      for (let i = 0; i < 3; i++) {
        expect((await checkpoints!.tick()).shrinkWanted).toBe(false);
      }
      expect(walBytes()).toBeGreaterThan(6 * MiB);
      reader.exec('commit');
    } finally {
      reader.close();
    }
  });

  it('cuts the log file down on its own once writes are light', async () => {
    const { checkpoints } = await openWithTable({ intervalMs: 50, restartAboveBytes: 2 * MiB });
    await checkpoints!.tick();
    await write(6);
    expect(walBytes()).toBeGreaterThan(6 * MiB);
    const deadline = Date.now() + 10_000;
    while (walBytes() > 2 * MiB && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(walBytes()).toBeLessThanOrEqual(2 * MiB);
    expect(checkpoints?.state).toBe('running');
  });

  it('keeps the log bounded under writes that never pause', async () => {
    const { checkpoints } = await openWithTable({ intervalMs: 20, restartAboveBytes: 2 * MiB });
    // The thread is up (on a busy machine that can take longer than the writes).
    await checkpoints!.tick();
    // The log only starts over when a write finds it all copied; these writes follow each other at
    // once, so the passive checkpoints alone would let it grow to everything written. Between two, the
    // event loop comes round, as it does between a server's requests. Each time the log starts over,
    // the checkpoint sequence number in its file's header goes up by one.
    const startedOver = () => (readWalHeader()?.readUInt32BE(12) ?? 0) - firstSequence;
    const firstSequence = readWalHeader()?.readUInt32BE(12) ?? 0;
    let largest = 0;
    let written = 0;
    const row = 'x'.repeat(1000);
    while (startedOver() < 12 && written < 256 * MiB) {
      await new Promise((resolve) => setImmediate(resolve));
      await handle!.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 256; i++) await sql`insert into t (body) values (${row})`.execute(trx);
      });
      written += 256 * row.length;
      largest = Math.max(largest, walBytes());
    }
    expect(startedOver()).toBeGreaterThanOrEqual(12);
    // After each start the log fills its file from the beginning: the file grows only when one stretch
    // between two starts is longer than all before it. How long a stretch is depends on the machine's
    // speed; what was written is the sum of twelve of them.
    expect(largest).toBeLessThan(written / 2);
    expect(checkpoints?.state).toBe('running');
  });

  it('checkpoints every interval by itself', async () => {
    const { checkpoints } = await openWithTable({ intervalMs: 50 });
    await checkpoints!.tick();
    const before = statSync(file).size;
    await write(1);
    // The rows reach the database file only through a checkpoint, and nobody asks for one here.
    const deadline = Date.now() + 5000;
    while (statSync(file).size <= before + MiB / 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(statSync(file).size).toBeGreaterThan(before + MiB / 2);
  });

  it('stops the thread when the database closes, with a last checkpoint', async () => {
    const opened = await openWithTable({ intervalMs: 3_600_000 });
    await write(1);
    // Another connection keeps the file open, so the close's own checkpoint is not what empties the log.
    const other = openDatabase(file, { checkpoints: { intervalMs: 3_600_000 } });
    await opened.close();
    handle = other;
    expect(opened.checkpoints?.state).toBe('stopped');
    await expect(opened.checkpoints!.tick()).rejects.toThrow(/stopped/);
    expect(walBytes()).toBe(0);
    const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(other.db);
    expect(rows).toEqual([{ n: 4 * 256 }]);
  });

  it('falls back to the automatic checkpoint, with a warning, when the thread cannot run', async () => {
    const warnings: string[] = [];
    const { db, checkpoints } = await openWithTable({
      workerUrl: new URL('./no-such-checkpoint-worker.ts', import.meta.url),
      onWarning: (message) => warnings.push(message),
    });
    const deadline = Date.now() + 5000;
    while (checkpoints?.state === 'running' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(checkpoints?.state).toBe('failed');
    expect(warnings).toEqual([expect.stringMatching(/automatic checkpoint is back on/)]);
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(rows).toEqual([{ wal_autocheckpoint: 1000 }]);
    const { rows: limit } = await sql<{ journal_size_limit: number }>`pragma journal_size_limit`.execute(db);
    expect(limit).toEqual([{ journal_size_limit: 16 * MiB }]);
    await write(6);
    // SQLite's own checkpoint started the log over: it stays near its 1,000 pages.
    expect(walBytes()).toBeLessThan(5 * MiB);
  });

  it('starts no thread for a database in memory', () => {
    handle = openDatabase(':memory:');
    expect(handle.checkpoints).toBeUndefined();
  });
});
