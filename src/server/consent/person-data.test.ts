import { describe, expect, it } from 'vitest';
import { queueMail } from '../mail/outbox.repository.ts';
import { openTestDatabase, testDialects } from '../test/databases.ts';
import { isBlocked, notBlocked } from './person-data.ts';

describe.each(testDialects)('blocked people on %s', (dialect) => {
  const handle = openTestDatabase(dialect);

  it('leaves a blocked address out of a query, whatever its case', async () => {
    const { db } = handle;
    const message = { purpose: 'ack', subject: 'Hola', text: 'Hola' };
    await queueMail(
      db,
      [
        { ...message, to: 'Ana@Example.com' },
        { ...message, to: 'bea@example.com' },
      ],
      'a@b.mx',
    );
    const visible = () =>
      db
        .selectFrom('outbox')
        .select('to_address')
        .where((eb) => notBlocked(eb, 'outbox.to_address'))
        .orderBy('to_address')
        .execute();
    expect((await visible()).map((row) => row.to_address)).toEqual(['Ana@Example.com', 'bea@example.com']);
    expect(await isBlocked(db, 'ana@example.com')).toBe(false);

    const now = new Date().toISOString();
    await db
      .insertInto('blocked_people')
      .values({ email: 'ana@example.com', blocked_at: now, erase_after: now })
      .execute();
    expect((await visible()).map((row) => row.to_address)).toEqual(['bea@example.com']);
    expect(await isBlocked(db, ' ANA@example.com')).toBe(true);
  });
});
