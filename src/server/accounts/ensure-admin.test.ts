import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDialects } from '../test/databases.ts';
import { createAdmin, findAdminByEmail } from './admins.repository.ts';
import { ensureAdmin, removeAdmin } from './admins.service.ts';

describe.each(testDialects)('the configured first admin on %s', (dialect) => {
  const handle = openTestDatabase(dialect);

  it('is created only in a site without admins, and a removed one does not come back', async () => {
    const { db } = handle;
    const password = 'una-contraseña-larga';
    expect(await ensureAdmin(db, 'primera@example.org', password)).toBe(true);
    expect(await ensureAdmin(db, 'primera@example.org', password)).toBe(false);

    const second = await createAdmin(db, 'segunda@example.org', password);
    const first = await findAdminByEmail(db, 'primera@example.org');
    expect(await removeAdmin(db, dialect, first!.id)).toEqual({
      id: first!.id,
      email: 'primera@example.org',
    });
    expect(second.email).toBe('segunda@example.org');
    // The variable left set at the next start: the removed account stays removed.
    expect(await ensureAdmin(db, 'primera@example.org', password)).toBe(false);
    expect(await findAdminByEmail(db, 'primera@example.org')).toBeUndefined();
  });
});
