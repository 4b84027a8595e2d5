import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationPaths } from '../../src/shared/registration-paths.ts';
import { DAY_MS } from '../../src/shared/clock.ts';
import { createFaultDatabase, faultDialects, type FaultDatabase } from './harness/databases.ts';
import { FAULT_ADMIN, startServer, type ServerProcess } from './harness/server-process.ts';
import { Visitor, type Answer } from './harness/visitor.ts';

const SEATS = 20;
const PEOPLE = 200;

/**
 * Item 8 of issue 26: seats are assigned inside the database. 200 sign-ups sent at once for 20 seats
 * (to two instances on PostgreSQL, one on SQLite) end with exactly 20 confirmed and 180 waiting, with
 * places 1–180 each used once, no 5xx and nothing lost.
 */
describe.each(faultDialects)('a rush of sign-ups on %s', (dialect) => {
  let database: FaultDatabase;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createFaultDatabase(dialect);
    const env = {
      DATABASE_URL: database.url,
      CONTACT_RATE_LIMIT: '100000',
      MAIL_POLL_MS: '60000',
      LOG_LEVEL: 'warn',
      ...(dialect === 'postgres' && process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    };
    servers.push(await startServer({ env }));
    if (dialect === 'postgres') servers.push(await startServer({ env }));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.destroy();
  });

  it(`gives exactly ${SEATS} seats and places 1–${PEOPLE - SEATS} in line`, async () => {
    const admin = new Visitor(servers[0]!.url);
    expect((await admin.login(FAULT_ADMIN.email, FAULT_ADMIN.password)).status).toBe(200);
    const created = await admin.request('POST', '/api/events/create', {
      event: {
        name: 'Taller con cupo',
        location: 'Ciudad de México',
        date: 'Pronto',
        eventDate: new Date(Date.now() + 10 * DAY_MS).toISOString(),
        description: 'Veinte lugares.',
        images: [],
        imageCover: [],
        linkEvent: 'https://example.org/taller',
        registration: { enabled: true, capacity: SEATS },
      },
    });
    expect(created.status).toBe(201);
    const eventId = (created.body as { data: { id: string } }).data.id;

    // Every visitor has its CSRF token first, so the sign-ups themselves leave at once.
    const visitors = await Promise.all(
      Array.from({ length: PEOPLE }, async (_, index) => {
        const visitor = new Visitor(servers[index % servers.length]!.url);
        await visitor.csrf();
        return visitor;
      }),
    );
    const answers: Answer[] = await Promise.all(
      visitors.map((visitor, index) =>
        visitor.request(
          'POST',
          registrationPaths.api(eventId),
          { data: { fullName: `Persona ${index}`, email: `persona${index}@example.org` } },
          60_000,
        ),
      ),
    );

    expect(answers.map((answer) => answer.status)).toEqual(Array(PEOPLE).fill(201));
    const bodies = answers.map(
      (answer) => (answer.body as { data: { status: string; position?: number } }).data,
    );
    expect(bodies.filter((body) => body.status === 'confirmed')).toHaveLength(SEATS);
    const positions = bodies.flatMap((body) => (body.status === 'waitlisted' ? [body.position!] : []));
    expect(positions.sort((x, y) => x - y)).toEqual(Array.from({ length: PEOPLE - SEATS }, (_, i) => i + 1));

    const { db } = database.open();
    const rows = await db.selectFrom('registrations').selectAll().where('event_id', '=', eventId).execute();
    expect(rows).toHaveLength(PEOPLE);
    expect(rows.filter((row) => row.status === 'confirmed')).toHaveLength(SEATS);
    const places = rows.flatMap((row) => (row.status === 'waitlisted' ? [Number(row.place)] : []));
    expect(places.sort((x, y) => x - y)).toEqual(Array.from({ length: PEOPLE - SEATS }, (_, i) => i + 1));
    const event = await db
      .selectFrom('events')
      .selectAll()
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect([Number(event.registration_confirmed), Number(event.registration_waitlisted)]).toEqual([
      SEATS,
      PEOPLE - SEATS,
    ]);
    // Each sign-up's mail is stored with it: a confirmation and its reminder, or the waitlist notice.
    const outbox = await db
      .selectFrom('outbox')
      .select(['purpose'])
      .where('to_address', 'like', 'persona%')
      .execute();
    const count = (purpose: string) => outbox.filter((row) => row.purpose === purpose).length;
    expect([
      count('registration-confirmed'),
      count('registration-reminder'),
      count('registration-waitlisted'),
    ]).toEqual([SEATS, SEATS, PEOPLE - SEATS]);

    // The public list carries the counts, never the people.
    const list = await fetch(`${servers.at(-1)!.url}/api/events/get-all`);
    const text = await list.text();
    expect(text).not.toContain('persona');
    expect(text).toContain(`"confirmed":${SEATS}`);
  }, 120_000);
});
