import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Config } from '../config.ts';
import type { DatabaseHandle, Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { OutboxRow } from '../mail/outbox.repository.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer.ts';
import type { NewRequest } from '../requests/requests.repository.ts';
import { createMailWorker, type MailWorker, type MailWorkerOptions } from '../mail/worker.ts';

// Shared by the mail tests only; nothing in the app imports this file.

export const MAIL = { mailTo: 'asociacion@example.org', mailFrom: 'Sitio web <no-responder@example.org>' };

export const contactRequest: NewRequest = {
  kind: 'contacto',
  fullName: 'Ana López Ruiz',
  company: 'Solar del Norte',
  position: 'Directora de proyectos',
  email: 'ana@example.com',
  phoneNumber: '5512345678',
  spam: false,
};

export const membershipRequest: NewRequest = {
  kind: 'Corporativa',
  fullName: 'Beatriz Méndez',
  company: 'Eólica del Istmo',
  position: 'Gerente de sostenibilidad',
  email: 'beatriz@example.com',
  phoneNumber: '9511234567',
  spam: false,
};

/** Time the worker sees: the real clock, moved forward on demand so backoff needs no waiting. */
export function createClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
  };
}

export function createLogger(lines: string[] = []): FastifyBaseLogger {
  return pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) }) as FastifyBaseLogger;
}

export const RETRY_BASE_MS = 60_000;
/**
 * A claim's lease for tests whose subject is not a lapsed claim: long enough that a send slowed by a
 * busy machine is never taken for one a dead sender left (which marks bulk mail uncertain).
 */
export const LEASE_MS = 30_000;

export function mailConfig(
  smtpUrl: string | undefined,
  mail: Partial<Config['mail']> = {},
): Pick<Config, 'smtpUrl' | 'mailFrom' | 'mail'> {
  return {
    smtpUrl,
    mailFrom: MAIL.mailFrom,
    mail: { maxAttempts: 5, retryBaseMs: RETRY_BASE_MS, leaseMs: 30_000, pollMs: 60_000, ...mail },
  };
}

export function testWorker(
  db: Kysely<Database>,
  dialect: Dialect,
  options: Partial<MailWorkerOptions> & { smtpUrl: string | undefined; mail?: Partial<Config['mail']> },
): MailWorker {
  const { smtpUrl, mail, ...rest } = options;
  return createMailWorker({
    db,
    dialect,
    config: mailConfig(smtpUrl, mail),
    log: createLogger(),
    random: () => 0.5,
    timeouts: { connectionTimeout: 2_000, greetingTimeout: 2_000, socketTimeout: 2_000 },
    ...rest,
  });
}

export async function outboxRows(db: Kysely<Database>, requestId?: string): Promise<OutboxRow[]> {
  let query = db.selectFrom('outbox').selectAll().orderBy('purpose', 'desc');
  if (requestId) query = query.where('request_id', '=', requestId);
  return query.execute();
}

/**
 * A worker test's surroundings, fresh for each test: the dialect's database with empty requests and
 * outbox, and an SMTP peer (a test may replace it; the one in place is stopped after the test). Call
 * it inside a `describe`; read its fields inside the tests.
 */
export interface MailTestBed {
  testDb: TestDatabase;
  handle: DatabaseHandle;
  peer: SmtpPeer;
}

export function mailTestBed(dialect: Dialect): MailTestBed {
  const bed = {} as MailTestBed;
  beforeAll(async () => {
    bed.testDb = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await bed.testDb.destroy();
  });
  beforeEach(async () => {
    bed.handle = await bed.testDb.open();
    await bed.handle.db.deleteFrom('outbox').execute();
    await bed.handle.db.deleteFrom('requests').execute();
    bed.peer = await startSmtpPeer();
  });
  afterEach(async () => {
    await bed.peer.stop();
    await bed.handle.close();
  });
  return bed;
}
