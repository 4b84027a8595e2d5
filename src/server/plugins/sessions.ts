import fastifySession from '@fastify/session';
import type { FastifyInstance, FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from '../../shared/api-paths.ts';
import { HOUR_MS } from '../../shared/clock.ts';
import { installAuditHooks } from '../audit/audit.hook.ts';
import { cookieName } from './security.ts';
import { DatabaseSessionStore } from './session-store.ts';
import { scheduleJob } from '../lib/schedule-job.ts';

/** The session store, kept in the database, with its expired rows pruned every hour. */
export const sessionsPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const store = new DatabaseSessionStore(app.db, config.sessionTtlMs, config.sessionMaxMs);
    app.decorate('sessionStore', store);
    scheduleJob(app, { name: 'session pruning', everyMs: HOUR_MS }, () => store.prune());
  },
  { name: 'sessions', dependencies: ['database', 'security'] },
);

/**
 * The routes that depend on who asks (logging in and out, the check-in page a QR code opens) are
 * registered in here: only for them is a session cookie looked up, rolled and saved, and every unsafe
 * request they answer is written to the audit log (the hooks come before the routes they watch).
 * Everything else (pages, public lists, assets, the forms) answers every visitor alike, so no session is
 * read or made for it.
 */
export function sessionScope(routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (scope) => {
    const { config } = scope;
    await scope.register(fastifySession, {
      secret: config.sessionSecret,
      cookieName: cookieName(SESSION_COOKIE, config.env === 'production'),
      store: scope.sessionStore,
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
    installAuditHooks(scope);
    await scope.register(routes);
  };
}

/**
 * The admin's routes: a session scope whose every route answers only a logged-in admin (401 before the
 * body is read, `requireAdmin`, which the accounts domain provides) and is never kept by a cache.
 */
export function adminScope(routes: FastifyPluginAsync): FastifyPluginAsync {
  return sessionScope(async (scope) => {
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });
    scope.addHook('onRequest', scope.requireAdmin);
    await scope.register(routes);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionStore: DatabaseSessionStore;
    /**
     * onRequest hook that answers 401 (before the body is even read) unless an admin is logged in; every
     * route of an admin scope runs it. The accounts domain provides it (accounts/require-admin.ts).
     */
    requireAdmin: onRequestAsyncHookHandler;
  }
  interface FastifyContextConfig {
    /** The route works for an admin who has yet to set up the required second factor. */
    beforeSecondFactor?: boolean;
  }
  interface Session {
    adminId?: string;
    /** When the admin logged in (ms): the session ends SESSION_MAX_HOURS later, active or not. */
    loginAt?: number;
    /**
     * Since when the session counts (ms): its password was checked then, or it changed the account's
     * password or second factor then. Refused once the account's `sessions_valid_after` is later
     * (accounts/session-trust.ts, decision 046).
     */
    trustedSince?: number;
    /** The password was right and the account has a second factor: the code is awaited. */
    pendingAdminId?: string;
    pendingSince?: number;
    /** A TOTP secret shown during set-up, kept here until a code from it confirms it. */
    totpSetupSecret?: string;
    /** When this session gave a second-factor code (at login or at enrolment), in ms. */
    secondFactorAt?: number;
  }
}
