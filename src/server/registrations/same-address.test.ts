import { describe, expect, it } from 'vitest';
import { registrationPaths } from '../../shared/registration-paths.ts';
import { eventsContent as eventsRepository } from '../content/content.service.ts';
import { Browser, useTestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { eventInput } from '../test/events.ts';

const ROUNDS = 5;

describe.each(testDialects)('La misma dirección se registra dos veces a la vez en %s', (dialect) => {
  const t = useTestApp(dialect, { contactRateLimit: 10_000 });

  /** Two sign-ups of one address sent together, each from a browser that has its CSRF token already. */
  async function twice(eventId: string, email: string) {
    const browsers = [new Browser(t.app), new Browser(t.app)];
    await Promise.all(browsers.map((browser) => browser.csrf()));
    const answers = await Promise.all(
      browsers.map((browser, index) =>
        browser.request('POST', registrationPaths.api(eventId), {
          data: { fullName: `Ana ${index}`, email },
        }),
      ),
    );
    return answers.map((answer) => ({ status: answer.statusCode, body: answer.json() }));
  }

  const eventWithSeats = (capacity: number) =>
    eventsRepository.create(t.app.db, eventInput({ registration: { enabled: true, capacity } }));
  const countsOf = async (eventId: string) =>
    t.app.db
      .selectFrom('events')
      .select(['registration_confirmed', 'registration_waitlisted', 'registration_next_place'])
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
  const mailOf = async (email: string) =>
    (
      await t.app.db
        .selectFrom('outbox')
        .select('purpose')
        .where('to_address', '=', email)
        .orderBy('purpose')
        .execute()
    ).map((row) => row.purpose);

  it('toma un solo lugar: una respuesta 201 y la otra 200', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const event = await eventWithSeats(5);
      const email = `dos.veces.${round}@example.org`;
      const answers = await twice(event.id, email);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
      expect(answers.map((answer) => answer.body)).toEqual([
        { data: { status: 'confirmed' } },
        { data: { status: 'confirmed' } },
      ]);
      expect(await countsOf(event.id)).toEqual({
        registration_confirmed: 1,
        registration_waitlisted: 0,
        registration_next_place: 0,
      });
      const rows = await t.app.db
        .selectFrom('registrations')
        .select(['email', 'status'])
        .where('event_id', '=', event.id)
        .execute();
      expect(rows).toEqual([{ email, status: 'confirmed' }]);
      expect(await mailOf(email)).toEqual([
        'registration-again',
        'registration-confirmed',
        'registration-reminder',
      ]);
    }
  });

  it('en la lista de espera toma un solo lugar de la fila', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const event = await eventWithSeats(1);
      const seated = await new Browser(t.app).request('POST', registrationPaths.api(event.id), {
        data: { fullName: 'Bea', email: `sentada.${round}@example.org` },
      });
      expect(seated.statusCode).toBe(201);
      const email = `en.fila.${round}@example.org`;
      const answers = await twice(event.id, email);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
      expect(answers.map((answer) => answer.body)).toEqual([
        { data: { status: 'waitlisted', position: 1 } },
        { data: { status: 'waitlisted', position: 1 } },
      ]);
      // The place the second one drew went back with the rest of its transaction.
      expect(await countsOf(event.id)).toEqual({
        registration_confirmed: 1,
        registration_waitlisted: 1,
        registration_next_place: 1,
      });
      expect(await mailOf(email)).toEqual(['registration-again', 'registration-waitlisted']);
    }
  });
});
