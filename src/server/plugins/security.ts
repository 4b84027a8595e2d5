import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySession from '@fastify/session';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../shared/api-paths.ts';
import { apiMessages } from '../../shared/messages.ts';
import { DatabaseSessionStore } from '../auth/session-store.ts';
import { HttpError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The video host the home page embeds (click to load). */
const VIDEO_FRAME_SOURCES = ['https://www.youtube-nocookie.com', 'https://www.youtube.com'];

/** Helmet headers, cookies, sessions in the database, CSRF on every unsafe request, rate limits. */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const production = config.env === 'production';

    await app.register(fastifyHelmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: VIDEO_FRAME_SOURCES,
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          manifestSrc: ["'self'"],
          ...(production ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    });

    await app.register(fastifyCookie);

    const store = new DatabaseSessionStore(app.db, config.sessionTtlMs);
    await app.register(fastifySession, {
      secret: config.sessionSecret,
      cookieName: SESSION_COOKIE,
      store,
      saveUninitialized: false,
      rolling: true,
      cookie: { httpOnly: true, sameSite: 'lax', secure: production, path: '/', maxAge: config.sessionTtlMs },
    });
    const pruneTimer = setInterval(() => store.prune().catch(() => {}), 3_600_000);
    pruneTimer.unref();
    app.addHook('onClose', async () => clearInterval(pruneTimer));

    await app.register(fastifyCsrf, {
      cookieKey: '_csrf',
      cookieOpts: { httpOnly: true, sameSite: 'lax', secure: production, path: '/' },
      getToken: (request) => {
        const header = request.headers[CSRF_HEADER];
        return typeof header === 'string' ? header : undefined;
      },
    });

    // Unsafe methods need the token from the readable cookie echoed in the header.
    app.addHook('onRequest', (request, reply, done) => {
      if (SAFE_METHODS.has(request.method)) return done();
      app.csrfProtection(request, reply, done);
    });

    app.decorateReply('issueCsrfToken', function issueCsrfToken(this: FastifyReply) {
      const token = this.generateCsrf();
      this.setCookie(CSRF_COOKIE, token, { httpOnly: false, sameSite: 'lax', secure: production, path: '/' });
      return token;
    });

    const redis = config.redisUrl
      ? new Redis(config.redisUrl, {
          connectTimeout: 2_000,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
        })
      : undefined;
    if (redis) {
      redis.on('error', (error) => app.log.warn({ err: error }, 'redis unavailable; rate limits fail open'));
      app.addHook('onClose', async () => {
        redis.disconnect();
      });
    }
    await app.register(fastifyRateLimit, {
      global: false,
      redis,
      nameSpace: 'site-rl-',
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        new HttpError(context.statusCode, 'RATE_LIMITED', apiMessages.rateLimited),
    });
  },
  { name: 'security', dependencies: ['database'] },
);

declare module 'fastify' {
  interface FastifyReply {
    /** Creates a CSRF token, sets it in the readable XSRF-TOKEN cookie and returns it. */
    issueCsrfToken(): string;
  }
}
