import { createHash, createHmac } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { registrationPaths } from '../../shared/registration-paths.ts';
import { buildApp } from '../app.ts';
import { eventsContent as eventsRepository } from '../content/content.service.ts';
import { down, up } from '../db/migrations/2026-12-12-registration-links.ts';
import { createTestDatabase, testDialects } from '../test/databases.ts';
import { testConfig } from '../test/app.ts';
import { eventInput } from '../test/events.ts';
import { pageDataBundle } from '../test/page-bundle.ts';

const SECRET = 'the-secret-the-old-links-were-made-with';

/** A manage link as mailed before migration 2026-12-12: an HMAC of the secret and the row's nonce. */
const oldToken = (id: string, nonce: string) =>
  createHmac('sha256', SECRET).update(`registro:${id}:${nonce}`).digest('base64url');

describe.each(testDialects)('Los enlaces enviados antes de la migración 2026-12-12 en %s', (dialect) => {
  it('siguen abriendo el registro y dibujando su código QR, ya sin el secreto', async () => {
    const database = await createTestDatabase(dialect);
    const handle = await database.open();
    const id = 'registro-anterior';
    const nonce = 'nonce-anterior-de-128-bits';
    const token = oldToken(id, nonce);
    try {
      // Back to the schema before it, with a registration stored then.
      await down(handle.db as never);
      const event = await eventsRepository.create(handle.db, eventInput());
      const old = handle.db as never as Kysely<{ registrations: Record<string, unknown> }>;
      await old
        .insertInto('registrations')
        .values({
          id,
          event_id: event.id,
          full_name: 'Ana Anterior',
          email: 'ana.anterior@example.org',
          email_key: 'ana.anterior@example.org',
          status: 'confirmed',
          place: null,
          token_nonce: nonce,
          token_hash: createHash('sha256').update(token).digest('hex'),
          source: 'sitio',
          reminder_for: null,
          created_at: '2026-12-01T12:00:00.000Z',
          confirmed_at: '2026-12-01T12:00:00.000Z',
          cancelled_at: null,
          checked_in_at: null,
        })
        .execute();
      await up(handle.db as never);

      const columns = await sql<Record<string, unknown>>`select * from registrations`.execute(handle.db);
      expect(Object.keys(columns.rows[0]!)).not.toContain('token_nonce');
      expect(Object.keys(columns.rows[0]!)).not.toContain('token_hash');
      expect(
        await handle.db.selectFrom('registration_links').select(['registration_id', 'purpose']).execute(),
      ).toEqual([{ registration_id: id, purpose: 'legacy' }]);
      // The unique address per event holds on the table made again.
      await expect(
        old
          .insertInto('registrations')
          .values({ ...columns.rows[0]!, id: 'otro' })
          .execute(),
      ).rejects.toThrow();

      const bundle = pageDataBundle();
      const app = await buildApp(
        testConfig(database, { sessionSecret: 'a-new-secret-after-the-migration', webDist: bundle.webDist }),
      );
      await app.ready();
      try {
        const page = await app.inject({ method: 'GET', url: registrationPaths.manage(token) });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('Tu lugar está confirmado');
        const image = await app.inject({
          method: 'GET',
          url: `${registrationPaths.manage(token)}/asistencia.svg`,
        });
        expect(image.statusCode).toBe(200);
        expect(image.body).toContain('<svg');
      } finally {
        await app.close();
        bundle.remove();
      }
    } finally {
      await handle.close();
      await database.destroy();
    }
  });
});
