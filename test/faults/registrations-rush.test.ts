import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationPaths } from '../../src/shared/registration-paths.ts';
import { DAY_MS } from '../../src/shared/clock.ts';
import { createFaultDatabase, faultDialects, type FaultDatabase } from './harness/databases.ts';
import { FAULT_ADMIN, startServer, type ServerProcess } from './harness/server-process.ts';
import { runPool, Visitor, type Answer } from './harness/visitor.ts';

const SEATS = 20;
const PEOPLE = 200;
const RUSH = 300;
const RUSH_SEATS = 40;
const LANES = 20;

/** An event with `capacity` seats, made by the admin through the API; returns its id. */
async function createEvent(server: ServerProcess, capacity: number): Promise<string> {
  const admin = new Visitor(server.url);
  expect((await admin.login(FAULT_ADMIN.email, FAULT_ADMIN.password)).status).toBe(200);
  const created = await admin.request('POST', '/api/events/create', {
    event: {
      name: 'Taller con cupo',
      location: 'Ciudad de México',
      date: 'Pronto',
      eventDate: new Date(Date.now() + 10 * DAY_MS).toISOString(),
      description: `${capacity} lugares.`,
      images: [],
      imageCover: [],
      linkEvent: 'https://example.org/taller',
      registration: { enabled: true, capacity },
    },
  });
  expect(created.status).toBe(201);
  return (created.body as { data: { id: string } }).data.id;
}

/**
 * Item 8 of issue 26: seats are assigned inside the database. 200 sign-ups sent at once for 20 seats
 * (to two instances on PostgreSQL, one on SQLite) end with exactly 20 confirmed and 180 waiting, with
 * places 1–180 each used once, no 5xx and nothing lost. And a rush whose server is killed with kill -9
 * half way stores nothing by halves.
 */
describe.each(faultDialects)('a rush of sign-ups on %s', (dialect) => {
  const databases: FaultDatabase[] = [];
  const servers: ServerProcess[] = [];
  /** A database of its own, and the environment of a server on it. */
  const newDatabase = async () => {
    const database = await createFaultDatabase(dialect);
    databases.push(database);
    const env = {
      DATABASE_URL: database.url,
      CONTACT_RATE_LIMIT: '100000',
      MAIL_POLL_MS: '60000',
      LOG_LEVEL: 'warn',
      ...(dialect === 'postgres' && process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    };
    return { database, env };
  };
  const start = async (env: Record<string, string>) => {
    const server = await startServer({ env });
    servers.push(server);
    return server;
  };

  let database: FaultDatabase;
  beforeAll(async () => {
    const made = await newDatabase();
    database = made.database;
    await start(made.env);
    if (dialect === 'postgres') await start(made.env);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const made of databases) await made.destroy();
  });

  it(`gives exactly ${SEATS} seats and places 1–${PEOPLE - SEATS} in line`, async () => {
    const eventId = await createEvent(servers[0]!, SEATS);

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

  /**
   * Every sign-up answered 201 is stored with its mail and its links, and nothing is stored by halves
   * (no seat or place counted without its registration, no registration without its mail). Those
   * whose answer never came find, on the restarted server, that they are registered (200) or register
   * now (201); the seats stay exact.
   */
  it('killed with kill -9 half way, keeps every sign-up it answered 201 with its mail, and no half of any other', async () => {
    const { database, env } = await newDatabase();
    const first = await start(env);
    const eventId = await createEvent(first, RUSH_SEATS);
    const emailOf = (index: number) => `rush${index}@example.org`;
    const signUp = (visitor: Visitor, index: number) =>
      visitor.request('POST', registrationPaths.api(eventId), {
        data: { fullName: `Persona ${index}`, email: emailOf(index) },
      });

    const accepted = new Map<string, string>(); // e-mail → the status answered with 201
    const unanswered: number[] = [];
    const unexpected: string[] = [];
    let answered = 0;
    let killed = false;
    const lanes = await Promise.all(
      Array.from({ length: LANES }, async () => {
        const visitor = new Visitor(first.url);
        await visitor.csrf();
        return visitor;
      }),
    );
    const dispatched = await runPool(
      RUSH,
      LANES,
      async (index) => {
        try {
          const answer = await signUp(lanes[index % LANES]!, index);
          answered += 1;
          if (answer.status === 201) {
            accepted.set(emailOf(index), (answer.body as { data: { status: string } }).data.status);
          } else unexpected.push(`${answer.status} ${JSON.stringify(answer.body)}`);
        } catch {
          unanswered.push(index);
        }
        if (!killed && answered >= RUSH / 2) {
          killed = true;
          first.signal('SIGKILL');
        }
      },
      () => !killed,
    );
    expect(await first.exited).toBe('SIGKILL');
    expect(unexpected).toEqual([]);
    expect(accepted.size).toBeGreaterThanOrEqual(RUSH / 2);
    expect(unanswered.length).toBeLessThanOrEqual(LANES);

    /**
     * Every stored registration is whole: counted on the event, with its mail and its links; those in
     * `again` signed up once more and were sent their links again ("ya tenías un registro").
     */
    const { db } = database.open();
    const checkWhole = async (again = new Set<string>()) => {
      const rows = await db.selectFrom('registrations').selectAll().where('event_id', '=', eventId).execute();
      const event = await db
        .selectFrom('events')
        .select(['registration_confirmed', 'registration_waitlisted', 'registration_next_place'])
        .where('id', '=', eventId)
        .executeTakeFirstOrThrow();
      const confirmed = rows.filter((row) => row.status === 'confirmed');
      const waiting = rows.filter((row) => row.status === 'waitlisted');
      expect(confirmed.length + waiting.length).toBe(rows.length);
      expect(confirmed.length).toBeLessThanOrEqual(RUSH_SEATS);
      expect([
        Number(event.registration_confirmed),
        Number(event.registration_waitlisted),
        Number(event.registration_next_place),
      ]).toEqual([confirmed.length, waiting.length, waiting.length]);
      expect(waiting.map((row) => Number(row.place)).sort((x, y) => x - y)).toEqual(
        Array.from({ length: waiting.length }, (_, i) => i + 1),
      );
      const mail = await db.selectFrom('outbox').select(['to_address', 'purpose']).execute();
      const links = await db
        .selectFrom('registration_links')
        .select(['registration_id', 'purpose'])
        .execute();
      const mailed = (email: string) =>
        mail
          .filter((row) => row.to_address === email)
          .map((row) => row.purpose)
          .sort();
      const linked = (id: string) =>
        links
          .filter((row) => row.registration_id === id)
          .map((row) => row.purpose)
          .sort();
      for (const row of confirmed) {
        const twice = again.has(row.email);
        expect(mailed(row.email), row.email).toEqual([
          ...(twice ? ['registration-again'] : []),
          'registration-confirmed',
          'registration-reminder',
        ]);
        expect(linked(row.id), row.email).toEqual(
          twice ? ['manage', 'manage', 'manage', 'qr', 'qr', 'qr'] : ['manage', 'manage', 'qr', 'qr'],
        );
      }
      for (const row of waiting) {
        const twice = again.has(row.email);
        expect(mailed(row.email), row.email).toEqual([
          ...(twice ? ['registration-again'] : []),
          'registration-waitlisted',
        ]);
        expect(linked(row.id), row.email).toEqual(twice ? ['manage', 'manage'] : ['manage']);
      }
      // No mail for anyone not stored.
      const stored = new Set(rows.map((row) => row.email));
      expect(mail.filter((row) => !stored.has(row.to_address))).toEqual([]);
      return rows;
    };

    const afterKill = await checkWhole();
    const status = new Map(afterKill.map((row) => [row.email, row.status]));
    for (const [email, answeredStatus] of accepted) expect(status.get(email), email).toBe(answeredStatus);
    // Stored without an answer: only sign-ups whose answer was on its way when the process died.
    const inFlight = new Set(unanswered.map(emailOf));
    const extra = afterKill.filter((row) => !accepted.has(row.email));
    expect(extra.every((row) => inFlight.has(row.email))).toBe(true);

    // The restarted server: those left without an answer try again, the rest of the rush comes.
    const second = await start(env);
    const retry = new Visitor(second.url);
    await retry.csrf();
    for (const index of unanswered) {
      const answer = await signUp(retry, index);
      const storedBefore = status.has(emailOf(index));
      expect(answer.status, emailOf(index)).toBe(storedBefore ? 200 : 201);
    }
    await runPool(RUSH - dispatched, LANES, async (offset) => {
      const answer = await signUp(retry, dispatched + offset);
      expect(answer.status).toBe(201);
    });
    const end = await checkWhole(new Set(extra.map((row) => row.email)));
    expect(end).toHaveLength(RUSH);
    expect(end.filter((row) => row.status === 'confirmed')).toHaveLength(RUSH_SEATS);
    console.info(
      `[registrations kill ${dialect}] answered 201 before the kill ${accepted.size}, without an answer ` +
        `${unanswered.length} (stored ${extra.length}), dispatched ${dispatched}/${RUSH}`,
    );
  });
});
