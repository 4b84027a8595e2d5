import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailWorker, type MailWorker } from './worker.ts';

/**
 * The outbox's worker: started once the app is ready, stopped before the database closes, so the mail
 * being sent finishes (or is left pending for the next start) rather than being cut off.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const worker = createMailWorker({ db: app.db, dialect: app.dialect, config: app.config, log: app.log });
    app.decorate('mailWorker', worker);
    app.addHook('onReady', async () => worker.start());
    app.addHook('preClose', async () => worker.stop());
  },
  { name: 'mail', dependencies: ['database'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers the outbox; domains wake it after storing mail. */
    mailWorker: MailWorker;
  }
}
