import type { Kysely } from 'kysely';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { Config } from './config.ts';
import type { ContentBus } from './content/content-bus.ts';
import type { ContentChangeListener } from './content/crud-routes.ts';
import type { Dialect } from './db/database.ts';
import type { Database } from './db/schema.ts';
import type { ContactRequestStore } from './mail/accept-request.ts';
import type { MailWorker } from './mail/worker.ts';
import type { ReadyAnswers } from './site/ready-answers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    dialect: Dialect;
    mailWorker: MailWorker;
    /** Stores contact and membership requests with their outbox rows (mail/accept-request.ts). */
    contactRequests: ContactRequestStore;
    /**
     * onRequest hook that answers 401 (before the body is even read) unless an admin is logged in.
     * Decorated only where the session is read (app.ts), like `request.session`.
     */
    requireAdmin: onRequestAsyncHookHandler;
    /** Calls `listener` after every write to events, news or partners. */
    onContentChange(listener: ContentChangeListener): void;
    /** How content changes reach the other instances (none with a lone SQLite process). */
    contentBus: ContentBus | undefined;
    /** Public answers held ready before Fastify's routing (site/ready-answers.ts). */
    readyAnswers: ReadyAnswers;
    /** The security headers every answer to this URL carries (plugins/security.ts). */
    securityHeadersFor(url: string): Readonly<Record<string, string>>;
  }
  interface Session {
    adminId?: string;
    /** When the admin logged in (ms): the session ends SESSION_MAX_HOURS later, active or not. */
    loginAt?: number;
    /** The password was right and the account has a second factor: the code is awaited. */
    pendingAdminId?: string;
    pendingSince?: number;
    /** A TOTP secret shown during set-up, kept here until a code from it confirms it. */
    totpSetupSecret?: string;
  }
  interface FastifyContextConfig {
    /** The route works for an admin who has yet to set up the required second factor. */
    beforeSecondFactor?: boolean;
  }
}
