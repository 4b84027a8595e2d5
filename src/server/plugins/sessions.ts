import fastifySession from '@fastify/session';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from '../../shared/api-paths.ts';
import { DatabaseSessionStore } from '../auth/session-store.ts';

/**
 * The admin's session, kept in the database. Registered only in the context of the routes that need to
 * know who is asking (app.ts): for them a session cookie is looked up, rolled and saved. Everything
 * else (pages, public lists, assets, the forms) answers every visitor alike, so no session is read or
 * made for it.
 */
export const sessionsPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const store = new DatabaseSessionStore(app.db, config.sessionTtlMs, config.sessionMaxMs);
    await app.register(fastifySession, {
      secret: config.sessionSecret,
      cookieName: SESSION_COOKIE,
      store,
      saveUninitialized: false,
      rolling: true,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.env === 'production',
        path: '/',
        maxAge: config.sessionTtlMs,
      },
    });
    const pruneTimer = setInterval(() => store.prune().catch(() => {}), 3_600_000);
    pruneTimer.unref();
    app.addHook('onClose', async () => clearInterval(pruneTimer));
  },
  { name: 'sessions', dependencies: ['database', 'security'] },
);
