import type { Kysely } from 'kysely';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { Config } from './config.ts';
import type { ContentChangeListener } from './content/crud-routes.ts';
import type { Dialect } from './db/database.ts';
import type { Database } from './db/schema.ts';
import type { MailWorker } from './mail/worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    dialect: Dialect;
    mailWorker: MailWorker;
    /** onRequest hook that answers 401 (before the body is even read) unless an admin is logged in. */
    requireAdmin: onRequestAsyncHookHandler;
    /** Calls `listener` after every write to events, news or partners. */
    onContentChange(listener: ContentChangeListener): void;
  }
  interface Session {
    adminId?: string;
  }
}
