import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type * as IORedis from 'ioredis';
import { lazyPackage } from '../lib/lazy-package.ts';
import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/api-paths.ts';
import { apiMessages } from '../../shared/messages.ts';
import { sharedOrLocalStore, type LimitsWhere } from './rate-limit-store.ts';
import { isSameOriginPost } from './same-origin.ts';
import { HttpError } from './errors.ts';
import { httpsLoginCheck } from './https-login.ts';
import { dataSecurityHeaders, helmetOptions, securityHeaders } from './security-headers.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The CSRF secret's cookie (HttpOnly, signed); tokens made from it go in the readable XSRF-TOKEN. */
const CSRF_SECRET_COOKIE = '_csrf';

/**
 * A cookie's name as set: in production with the `__Host-` prefix, which browsers accept only from
 * this host over https with Path=/ and no Domain, so a sibling subdomain cannot plant or overwrite it.
 * The readable XSRF-TOKEN keeps its name (the web client reads it, and a planted token is worthless
 * without the signed secret it must match).
 */
export const cookieName = (name: string, production: boolean) => (production ? `__Host-${name}` : name);

/**
 * What every request goes through: the security headers, cookies, CSRF on every unsafe request (after
 * the https check of a login, https-login.ts), rate limits. The admin's session is not here: only the
 * routes that need it read it (sessions.ts).
 */
/**
 * The limit on every public form (a request, an ARCO request, a sign-up, a subscription) per visitor:
 * `CONTACT_RATE_LIMIT` posts a minute, whether it arrives through the API or as a plain form post.
 */
export const publicFormLimit = (app: FastifyInstance) =>
  ({ max: app.config.contactRateLimit, timeWindow: '1 minute' }) as const;

export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const production = config.env === 'production';

    // The secret signs the CSRF secret's cookie (the sessions plugin signs its own cookie itself).
    await app.register(fastifyCookie, { secret: config.sessionSecret });

    const secretCookie = cookieName(CSRF_SECRET_COOKIE, production);
    await app.register(fastifyCsrf, {
      cookieKey: secretCookie,
      // Signed: a secret planted in the cookie by someone else (a sibling subdomain, a script on
      // plain http) is refused, not adopted.
      cookieOpts: { httpOnly: true, sameSite: 'lax', secure: production, path: '/', signed: true },
      getToken: (request) => {
        const header = request.headers[CSRF_HEADER];
        return typeof header === 'string' ? header : undefined;
      },
    });

    // One hook for what every request needs, since each hook costs every request a call. Every answer
    // gets security headers worked out once (security-headers.ts): pages the full set, the API's answers
    // (never a page: see requestPaths for the forms' HTML posts) the ones that apply to data. Unsafe methods need the
    // token from the readable cookie echoed in the header; a route that takes plain HTML form posts
    // checks where the post comes from instead (see same-origin.ts).
    const headers = securityHeaders(helmetOptions(production));
    const dataHeaders = dataSecurityHeaders(headers);
    const headersFor = (url: string) => (url.startsWith('/api/') ? dataHeaders : headers);
    app.decorate('securityHeadersFor', headersFor);
    const refusePlainHttpLogin = httpsLoginCheck(app);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headersFor(request.url));
      if (SAFE_METHODS.has(request.method)) return done();
      const plainHttpLogin = refusePlainHttpLogin?.(request);
      if (plainHttpLogin) return done(plainHttpLogin);
      // The token in the address is the proof (RFC 8058 one-click unsubscribe; decision 031).
      if (request.routeOptions.config.tokenInPathPost) return done();
      if (request.routeOptions.config.sameOriginPost) {
        const refused = !isSameOriginPost(request, config.siteUrl);
        return done(refused ? new HttpError(403, 'CROSS_SITE', apiMessages.crossSite) : undefined);
      }
      app.csrfProtection(request, reply, done);
    });

    app.decorateReply('issueCsrfToken', function issueCsrfToken(this: FastifyReply) {
      const token = this.generateCsrf();
      this.setCookie(CSRF_COOKIE, token, { httpOnly: false, sameSite: 'lax', secure: production, path: '/' });
      return token;
    });
    app.decorateReply('renewCsrfToken', function renewCsrfToken(this: FastifyReply) {
      // Without the old secret in the request, generateCsrf makes a new one and sets its cookie.
      delete this.request.cookies[secretCookie];
      return this.issueCsrfToken();
    });

    const redis = config.redisUrl
      ? new (lazyPackage<typeof IORedis>('ioredis')().Redis)(config.redisUrl, {
          connectTimeout: 2_000,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
        })
      : undefined;
    // Without Redis (one instance), or while it does not answer, limits count in this instance's memory.
    const limits = redis
      ? sharedOrLocalStore(redis, 'site-rl-', (counting, error) => {
          if (counting === 'local') {
            app.log.warn({ err: error }, 'redis unavailable: rate limits count in this instance only');
          } else app.log.info('redis answers again: rate limits are shared');
        })
      : undefined;
    app.decorate('rateLimitsWhere', limits?.where ?? ({ counting: 'local' } as const));
    if (redis) {
      // Errors reach the store's callbacks; the connection's own events need a listener of their own.
      redis.on('error', () => {});
      // The first requests after a start count in Redis too: the server listens once the connection is
      // up, or has failed, or after the connect timeout, whichever comes first.
      app.addHook('onReady', async () => {
        if (redis.status === 'ready') return;
        await new Promise<void>((resolve) => {
          const settle = () => {
            clearTimeout(timer);
            redis.off('ready', settle);
            redis.off('error', settle);
            resolve();
          };
          const timer = setTimeout(settle, 2_000);
          redis.once('ready', settle);
          redis.once('error', settle);
        });
      });
      app.addHook('onClose', async () => {
        redis.disconnect();
      });
    }
    await app.register(fastifyRateLimit, {
      global: false,
      ...(limits ? { store: limits.store } : {}),
      skipOnError: false,
      errorResponseBuilder: (_request, context) =>
        new HttpError(context.statusCode, 'RATE_LIMITED', apiMessages.rateLimited),
    });
  },
  { name: 'security', dependencies: ['errors', 'database'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every answer to this URL carries. */
    securityHeadersFor(url: string): Readonly<Record<string, string>>;
    /** Where the rate limits count now: shared in Redis, or in this instance's memory. */
    rateLimitsWhere: LimitsWhere;
  }
  interface FastifyContextConfig {
    /** The route takes plain form posts: instead of a CSRF token, the post must come from this site. */
    sameOriginPost?: boolean;
    /**
     * The route's POST is authorised by the secret token in its own path and may come from anywhere,
     * a mail provider included (the newsletter's one-click unsubscribe): no CSRF token, no Origin check.
     */
    tokenInPathPost?: boolean;
  }
  interface FastifyReply {
    /** Creates a CSRF token, sets it in the readable XSRF-TOKEN cookie and returns it. */
    issueCsrfToken(): string;
    /** Like issueCsrfToken, from a new secret: tokens issued before (a login) stop working. */
    renewCsrfToken(): string;
  }
}
