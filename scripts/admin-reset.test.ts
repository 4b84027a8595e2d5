import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdmin, findAdminByEmail } from '../src/server/accounts/admins.repository.ts';
import { verifyPassword } from '../src/server/accounts/password.ts';
import { enableSecondFactor } from '../src/server/accounts/second-factor.repository.ts';
import { openDatabase, type DatabaseHandle } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'admin-reset-'));
const databaseUrl = join(dir, 'site.db');
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = openDatabase(databaseUrl);
  await migrateToLatest(handle.db);
});
afterAll(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

const reset = (email: string) =>
  run(process.execPath, ['scripts/admin-reset.ts', email], {
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, NODE_ENV: 'development' },
  });

it('sets a new password shown once, removes the second factor, ends her sessions and logs it', async () => {
  const admin = await createAdmin(handle.db, 'ana@example.org', 'la-contraseña-olvidada');
  await enableSecondFactor(handle.db, admin.id, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 1, ['AAAA-BBBB-CCCC']);
  await handle.db
    .insertInto('sessions')
    .values({
      sid: 's1',
      data: JSON.stringify({ adminId: admin.id }),
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    })
    .execute();

  const { stdout } = await reset('Ana@Example.org');
  const password = /^ {2}(\S{24})$/m.exec(stdout)?.[1];
  expect(password).toBeDefined();
  const row = await handle.db
    .selectFrom('admins')
    .selectAll()
    .where('id', '=', admin.id)
    .executeTakeFirstOrThrow();
  expect(await verifyPassword(password!, row.password_hash)).toBe(true);
  expect(row.totp_secret).toBeNull();
  expect(await handle.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  const audit = await handle.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'admins.reset')
    .execute();
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({ method: 'SYSTEM', target_id: admin.id });
  expect(await findAdminByEmail(handle.db, 'ana@example.org')).toBeDefined();
});

it('says so, and fails, for an address with no account', async () => {
  await expect(reset('nadie@example.org')).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining('No hay ninguna administradora con el correo nadie@example.org'),
  });
});
