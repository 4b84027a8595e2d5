import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDialects } from '../test/databases.ts';
import { createAdmin, ensureAdmin, findAdminByEmail, removeAdminUnlessLast } from './admins.repository.ts';

describe.each(testDialects)('the configured first admin on %s', (dialect) => {
  const handle = openTestDatabase(dialect);

  it('is created only in a site without admins, and a removed one does not come back', async () => {
    const { db } = handle;
    const password = 'una-contraseña-larga';
    expect(await ensureAdmin(db, 'primera@example.org', password)).toBe(true);
    expect(await ensureAdmin(db, 'primera@example.org', password)).toBe(false);

    const second = await createAdmin(db, 'segunda@example.org', password);
    const first = await findAdminByEmail(db, 'primera@example.org');
    expect(await removeAdminUnlessLast(db, dialect, first!.id)).toBe('removed');
    expect(second.email).toBe('segunda@example.org');
    // The variable left set at the next start: the removed account stays removed.
    expect(await ensureAdmin(db, 'primera@example.org', password)).toBe(false);
    expect(await findAdminByEmail(db, 'primera@example.org')).toBeUndefined();
  });
});
