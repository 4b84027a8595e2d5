import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import type { Config } from '../config.ts';
import type { Dialect } from '../db/database.ts';
import type { Database, OutboxTable } from '../db/schema.ts';
import type { NewRequest } from './requests.repository.ts';
import { createMailWorker, type MailWorker, type MailWorkerOptions } from './worker.ts';

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

export async function outboxRows(db: Kysely<Database>, requestId?: string): Promise<OutboxTable[]> {
  let query = db.selectFrom('outbox').selectAll().orderBy('purpose', 'desc');
  if (requestId) query = query.where('request_id', '=', requestId);
  return query.execute();
}
