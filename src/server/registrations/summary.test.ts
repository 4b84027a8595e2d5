import { describe, expect, it } from 'vitest';
import { adminPaths } from '../../shared/api-paths.ts';
import { registrationPaths } from '../../shared/registration-paths.ts';
import { eventsContent } from '../content/content.service.ts';
import { Browser, useTestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { eventInput } from '../test/events.ts';
import { checkIn } from './registrations.repository.ts';

describe.each(testDialects)('Los registros de cada evento de un vistazo en %s', (dialect) => {
  const t = useTestApp(dialect, { contactRateLimit: 10_000 });

  it('dan las mismas cifras que la pantalla de registros de cada evento', async () => {
    const full = await eventsContent.create(
      t.app.db,
      eventInput({ name: 'Taller lleno', eventDate: '2099-05-10T16:00:00.000Z' }),
    );
    const open = await eventsContent.create(
      t.app.db,
      eventInput({
        name: 'Foro abierto',
        eventDate: '2099-04-02T16:00:00.000Z',
        registration: { enabled: true, capacity: null },
      }),
    );
    await eventsContent.create(
      t.app.db,
      eventInput({ name: 'Sin registro', registration: { enabled: false, capacity: null } }),
    );
    const visitor = new Browser(t.app);
    for (const name of ['ana', 'bea', 'cris']) {
      const answer = await visitor.request('POST', registrationPaths.api(full.id), {
        data: { fullName: name, email: `${name}@example.org` },
      });
      expect(answer.statusCode).toBe(201);
    }
    const first = await t.app.db
      .selectFrom('registrations')
      .select('id')
      .where('email', '=', 'ana@example.org')
      .executeTakeFirstOrThrow();
    expect(await checkIn(t.app.db, first.id)).toBe(true);

    const admin = new Browser(t.app);
    await admin.login();
    const summary = await admin.request('GET', adminPaths.registrationsSummary);
    expect(summary.statusCode).toBe(200);
    const fills = summary.json<{ data: { eventId: string; name: string }[] }>().data;
    // Soonest first; the event without sign-up and without sign-ups is not there.
    expect(fills.map((fill) => fill.name)).toEqual(['Foro abierto', 'Taller lleno']);
    for (const fill of fills) {
      const screen = (await admin.request('GET', adminPaths.eventRegistrations(fill.eventId))).json<{
        registration: object;
      }>().registration;
      expect(fill).toMatchObject(screen);
    }
    expect(fills[1]).toMatchObject({ capacity: 2, confirmed: 2, waitlisted: 1, checkedIn: 1, enabled: true });
    expect(fills[0]).toMatchObject({ capacity: null, confirmed: 0, waitlisted: 0, checkedIn: 0 });
    expect((await new Browser(t.app).request('GET', adminPaths.registrationsSummary)).statusCode).toBe(401);
    expect(open.id).toBe(fills[0]!.eventId);
  });
});
