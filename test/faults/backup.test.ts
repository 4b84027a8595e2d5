import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { serverPidFile } from '../../src/server/db/database.ts';
import { createFaultDatabase } from './harness/databases.ts';
import { ROOT, sleep, startServer } from './harness/server-process.ts';
import { validRequest, Visitor } from './harness/visitor.ts';

const run = promisify(execFile);

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** Runs one of the npm scripts' files with DATABASE_URL set; never throws, returns the outcome. */
async function script(file: string, databaseUrl: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [file, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, NODE_ENV: 'test' },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? 1, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

const requestIds = (file: string) => {
  const database = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return new Set((database.prepare('select id from requests').all() as { id: string }[]).map((r) => r.id));
  } finally {
    database.close();
  }
};

describe('SQLite backups taken while the server writes', () => {
  it('restore into a fresh file with every request committed before the backup began', async () => {
    const database = await createFaultDatabase('sqlite');
    cleanup.push(() => database.destroy());
    const server = await startServer({ env: { DATABASE_URL: database.url, LOG_LEVEL: 'warn' } });
    cleanup.push(() => server.stop());
    expect(existsSync(serverPidFile(database.url))).toBe(true);

    const committed: string[] = [];
    let writing = true;
    let failures = 0;
    const writer = async (lane: number) => {
      const visitor = new Visitor(server.url);
      for (let i = 0; writing; i++) {
        const answer = await visitor.request('POST', '/api/mail/contact', validRequest(lane * 100_000 + i));
        if (answer.status === 201) committed.push((answer.body as { data: { id: string } }).data.id);
        else failures += 1;
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(writer));
    await sleep(1_000);
    const before = [...committed];
    const backupFile = join(database.dir!, 'copia.db');
    const backup = await script('scripts/db-backup.ts', database.url, [backupFile]);
    await sleep(300);
    writing = false;
    await load;
    expect(backup.code, backup.output).toBe(0);
    expect(before.length).toBeGreaterThan(20);
    expect(committed.length).toBeGreaterThan(before.length);
    expect(failures).toBe(0);
    console.info(
      `[backup] ${before.length} requests committed before the backup, ${committed.length} by the end of the load`,
    );

    // A restore never replaces the file under a running server.
    const refused = await script('scripts/db-restore.ts', database.url, [backupFile]);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/está usando/);
    expect(requestIds(database.url).size).toBe(committed.length);

    // Into a fresh file: every request committed before the backup began is there.
    const fresh = join(database.dir!, 'restaurada.db');
    const restored = await script('scripts/db-restore.ts', fresh, [backupFile]);
    expect(restored.code, restored.output).toBe(0);
    const ids = requestIds(fresh);
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
    const check = new SQLite(fresh, { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    check.close();

    // Once the server has stopped, the live file can be replaced; the old one is kept beside it.
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(serverPidFile(database.url))).toBe(false);
    const replaced = await script('scripts/db-restore.ts', database.url, [backupFile]);
    expect(replaced.code, replaced.output).toBe(0);
    expect(replaced.output).toMatch(/before-restore/);
    expect(requestIds(database.url).size).toBe(ids.size);
  });
});
