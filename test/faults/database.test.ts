import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/shared/messages.ts';
import { startSmtpPeer } from '../../src/server/test/smtp-peer.ts';
import { adminQuery, createFaultDatabase, postgresUrlFor } from './harness/databases.ts';
import { sleep, startServer, waitFor, FAULT_ADMIN, type ServerProcess } from './harness/server-process.ts';
import { startTcpProxy, type ProxyFault } from './harness/tcp-proxy.ts';
import { validRequest, Visitor, type Answer } from './harness/visitor.ts';

/** The pool gives up connecting after 5 s; an answer must come soon after, never hang. */
const ANSWER_WITHIN_MS = 8_000;
/**
 * Longer than the time mail may take to go out once the database is back, so this test fails if that
 * mail waits for its lease to run out rather than being released or recorded by its worker.
 */
const LEASE_MS = 60_000;
const CATCH_UP_WITHIN_MS = 15_000;

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function expectUnavailable(answer: Answer) {
  expect(answer.status).toBe(503);
  expect(answer.body).toEqual({
    error: { code: 'SERVICE_UNAVAILABLE', message: apiMessages.serviceUnavailable },
  });
  expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
}

describe.runIf(process.env.TEST_DATABASE_URL)('the real server when PostgreSQL goes away', () => {
  it('answers 503 while the database is unreachable and recovers without a restart', async () => {
    const database = await createFaultDatabase('postgres');
    cleanup.push(() => database.destroy());
    const proxy = await startTcpProxy(Number(new URL(process.env.TEST_DATABASE_URL!).port || 5432));
    cleanup.push(() => proxy.stop());
    const peer = await startSmtpPeer();
    cleanup.push(() => peer.stop());
    const applicationName = `site-${database.name}`;
    const url = new URL(postgresUrlFor(database.name!, proxy.hostPort));
    url.searchParams.set('application_name', applicationName);
    const server: ServerProcess = await startServer({
      env: {
        DATABASE_URL: url.toString(),
        SMTP_URL: peer.url,
        MAIL_POLL_MS: '100',
        MAIL_RETRY_BASE_MS: '200',
        MAIL_LEASE_MS: String(LEASE_MS),
        LOG_LEVEL: 'info',
        // The built site, so pages are rendered on the server (npm run test:faults builds it first).
        WEB_DIST: undefined,
      },
    });
    cleanup.push(async () => {
      await server.stop();
      // A server that died on its own says why in its last lines.
      if ((await server.exited) !== 'SIGKILL') console.error(server.output.slice(-30).join('\n'));
    });

    const admin = new Visitor(server.url);
    expect((await admin.login(FAULT_ADMIN.email, FAULT_ADMIN.password)).status).toBe(200);
    const visitor = new Visitor(server.url);
    await visitor.csrf();
    let sequence = 0;
    const mixed = () =>
      Promise.all([
        visitor.request('GET', '/api/health'),
        visitor.request('GET', '/api/events/get-all'),
        visitor.request('GET', '/api/news/get-by-id/no-existe'),
        visitor.request('POST', '/api/mail/contact', validRequest(sequence++, 'db')),
        admin.request('GET', '/api/auth/me'),
      ]);

    // 1. The server's connections are terminated from the database side: answers stay 2xx/4xx or a
    //    clean 503 while the pool replaces them, and are all fine again right after.
    const terminated = await adminQuery(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [applicationName],
    );
    expect(terminated.rowCount).toBeGreaterThan(0);
    for (const answer of await mixed()) {
      expect([200, 201, 404, 503]).toContain(answer.status);
      if (answer.status === 503 && answer.body && typeof answer.body === 'object' && 'error' in answer.body)
        expectUnavailable(answer);
    }
    await waitFor('all answers to be fine after the termination', async () =>
      (await mixed()).every((answer) => answer.status < 500),
    );

    // 2. The database is unreachable, refusing connections and then dropping packets.
    let back = 0;
    for (const fault of ['refuse', 'blackhole'] as ProxyFault[]) {
      // Cut while queries are on their way, so checked-out connections die mid-query.
      const caught = mixed();
      await sleep(3);
      await proxy.cut(fault);
      for (const answer of await caught) expect([200, 201, 404, 503]).toContain(answer.status);
      const [health, list, one, contact, me] = await mixed();
      expect(health!.status).toBe(503);
      expect(health!.body).toEqual({
        status: 'unavailable',
        version: expect.any(String),
        rateLimits: 'local',
      });
      expect(health!.ms).toBeLessThan(ANSWER_WITHIN_MS);
      // The events list was read before the cut and has not changed since: it is served from memory.
      expect(list!.status).toBe(200);
      expect(list!.ms).toBeLessThan(ANSWER_WITHIN_MS);
      for (const answer of [one!, contact!, me!]) expectUnavailable(answer);
      // The mail worker keeps failing its passes in the meantime; the process must stay up.
      await sleep(500);
      await proxy.restore();
      await waitFor(
        'health to come back',
        async () => (await visitor.request('GET', '/api/health')).status === 200,
      );
      back = performance.now();
      const after = await mixed();
      expect(after.map((answer) => answer.status)).toEqual([200, 200, 404, 201, 200]);
    }

    // 3. A change drops the events list this instance made; while the database is out of reach, the
    //    last list it made is served rather than a 503, and the changed one once it is back.
    const lastMade = await visitor.request('GET', '/api/events/get-all');
    expect(lastMade.status).toBe(200);
    const pageBefore = await visitor.request('GET', '/Inicio');
    expect(pageBefore.body).toContain('id="hero-title"');
    const created = await admin.request('POST', '/api/events/create', {
      event: {
        name: 'Taller durante el corte',
        location: 'Ciudad de México',
        date: '8 de marzo de 2027, 11:00 h',
        eventDate: '2027-03-08T11:00:00-06:00',
        description: 'Creado justo antes de que la base de datos deje de responder.',
        images: [],
        imageCover: [],
        linkEvent: 'https://example.org/taller',
      },
    });
    expect(created.status).toBe(201);
    await proxy.cut('refuse');
    const duringCut = await visitor.request('GET', '/api/events/get-all');
    expect(duringCut.status).toBe(200);
    expect(duringCut.ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(duringCut.body).toEqual(lastMade.body);
    // So is the home page: the copy made before the change, with its content, not the bare app.
    const pageDuringCut = await visitor.request('GET', '/Inicio');
    expect(pageDuringCut.status).toBe(200);
    expect(pageDuringCut.body).toBe(pageBefore.body);
    await proxy.restore();
    await waitFor('the changed list once the database is back', async () => {
      const list = await visitor.request('GET', '/api/events/get-all');
      return JSON.stringify(list.body).includes('Taller durante el corte');
    });

    // Every stored request is mailed by the same process, without a restart, soon after the database
    // is back (even mail claimed just before a cut), and none twice.
    const outbox = await database.open().db.selectFrom('outbox').select('message_id').execute();
    expect(outbox.length).toBeGreaterThanOrEqual(2 * 3);
    await waitFor(
      'every stored request to be mailed',
      () => peer.messages.length >= outbox.length,
      CATCH_UP_WITHIN_MS,
    );
    expect(performance.now() - back).toBeLessThan(CATCH_UP_WITHIN_MS);
    await sleep(500);
    expect(peer.messages.map((message) => message.messageId).sort()).toEqual(
      outbox.map((row) => row.message_id).sort(),
    );
    expect(server.output.some((line) => /database unavailable/.test(line))).toBe(true);
    expect(server.output.filter((line) => /"statusCode":500/.test(line))).toEqual([]);
  });
});

describe('the real server on SQLite while another process holds the write lock', () => {
  it('waits for the lock rather than failing the request', async () => {
    const database = await createFaultDatabase('sqlite');
    cleanup.push(() => database.destroy());
    const server = await startServer({ env: { DATABASE_URL: database.url, LOG_LEVEL: 'warn' } });
    cleanup.push(() => server.stop());
    const visitor = new Visitor(server.url);
    await visitor.csrf();

    const other = new SQLite(database.url);
    cleanup.push(async () => void other.close());
    other.pragma('busy_timeout = 5000');
    other.exec('BEGIN IMMEDIATE');
    other.prepare('update admins set email = email where 1 = 0').run();
    const held = 1_000;
    const release = sleep(held).then(() => other.exec('COMMIT'));
    const started = performance.now();
    const answer = await visitor.request('POST', '/api/mail/contact', validRequest(1, 'lock'));
    await release;
    expect(answer.status).toBe(201);
    // It waited for the other writer's commit instead of failing at once.
    expect(performance.now() - started).toBeGreaterThanOrEqual(held * 0.9);
    const id = (answer.body as { data: { id: string } }).data.id;
    expect(other.prepare('select id from requests where id = ?').get(id)).toEqual({ id });
  });
});
