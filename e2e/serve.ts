// The server the end-to-end tests talk to: the real app on the production build, a fresh SQLite
// database with the demo content, and a real SMTP peer whose messages are written to MAILBOX_DIR so
// test workers (other processes) can read them.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_PASSWORD_COST, usePasswordCostForTests } from '../src/server/accounts/password.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { startSmtpPeer } from '../src/server/test/smtp-peer.ts';
import { E2E_ADMIN, E2E_DIR, MAILBOX_DIR } from './paths.ts';

rmSync(E2E_DIR, { recursive: true, force: true });
mkdirSync(MAILBOX_DIR, { recursive: true });

const peer = await startSmtpPeer();
let written = 0;
const flush = setInterval(() => {
  for (; written < peer.messages.length; written++) {
    const { headers: _headers, raw, ...message } = peer.messages[written]!;
    // The header block as sent, unfolded, for the tests that check headers (List-Unsubscribe, …).
    const rawHeaders = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    // Whole or not at all: a test worker reading the folder meanwhile never sees half a file.
    const file = join(MAILBOX_DIR, `${String(written).padStart(5, '0')}.json`);
    writeFileSync(`${file}.part`, JSON.stringify({ ...message, rawHeaders }));
    renameSync(`${file}.part`, file);
  }
}, 50);

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: process.env.E2E_PORT ?? '4173',
  SITE_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`,
  DATABASE_URL: join(E2E_DIR, 'site.db'),
  SMTP_URL: peer.url,
  MAIL_TO: 'buzon@example.org',
  MAIL_POLL_MS: '100',
  MAIL_RETRY_BASE_MS: '200',
  SEED_DEMO: 'true',
  CONTACT_RATE_LIMIT: '1000',
  LOGIN_RATE_LIMIT: '1000',
  // A campaign goes to every subscriber the demo and the other tests made; its pace is tested on its
  // own (src/server/mail), so here it does not keep a test waiting past its minute.
  NEWSLETTER_RATE_PER_MINUTE: '600',
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  LOG_LEVEL: 'warn',
});
// Many tests confirm the one admin's password within minutes of each other (decision 035's step-up);
// the limit on her attempts is tested on its own (src/server/accounts), so here it is raised like the
// login limit above.
config.accountAttempts = 1000;
// The admin logs in and confirms her password in most admin tests: hashes at the tests' low cost.
usePasswordCostForTests(TEST_PASSWORD_COST);
const app = await buildApp(config, { logger: { level: config.logLevel } });
await app.listen({ host: config.host, port: config.port });

const stop = async () => {
  clearInterval(flush);
  await app.close();
  await peer.stop();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
