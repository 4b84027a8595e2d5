import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyRequest, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountsPlugin } from './accounts/accounts.plugin.ts';
import { certificatesPlugin } from './certificates/certificates.plugin.ts';
import type { Config } from './config.ts';
import { personDataPlugin } from './consent/person-data.ts';
import { etagPlugin } from './plugins/etag.ts';
import { privacyPlugin } from './privacy/privacy.plugin.ts';
import { contentPlugin } from './content/content.plugin.ts';
import { demoPlugin } from './demo/demo.plugin.ts';
import { healthRoutes } from './health/health.routes.ts';
import { mailPlugin } from './mail/mail.plugin.ts';
import { membersPlugin } from './members/members.plugin.ts';
import { newsletterPlugin } from './newsletter/newsletter.plugin.ts';
import { contentChangesPlugin } from './plugins/content-changes.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { NotableRequestLog } from './plugins/request-log.ts';
import { securityPlugin } from './plugins/security.ts';
import { shareCardsPlugin } from './share-cards/share-cards.plugin.ts';
import { sessionsPlugin } from './plugins/sessions.ts';
import { registrationsPlugin } from './registrations/registrations.plugin.ts';
import { requestsPlugin } from './requests/requests.plugin.ts';
import { sitePlugin } from './site/site.plugin.ts';
import { uploadsPlugin } from './uploads/uploads.plugin.ts';

/** Anything secret that may reach a log line is replaced before it is written. */
export const LOG_REDACT = {
  paths: [
    'req.headers.cookie',
    'req.headers.authorization',
    'req.headers["x-xsrf-token"]',
    'res.headers["set-cookie"]',
    'password',
    '*.password',
  ],
  censor: '[oculto]',
};

/** A logged address loses its query string: searches and links carry names and e-mails. */
export const pathOnly = (url: string) => url.split('?')[0] ?? url;

/** What a logged path shows in place of a mail link's token. */
export const LOGGED_TOKEN = '[token]';

/**
 * The path of a request as it is logged: without its query string, and with the token of a mail link
 * (the route's `:token` parameter: a confirmation, an unsubscribe, a sign-up's or a member's page)
 * replaced, since whoever reads the log could otherwise use the link.
 */
export function loggedPath(request: Pick<FastifyRequest, 'url' | 'params'>): string | undefined {
  if (typeof request.url !== 'string') return undefined;
  const path = pathOnly(request.url);
  const token = (request.params as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string' || token === '') return path;
  return path
    .split('/')
    .map((segment) => (segment === token || safeDecode(segment) === token ? LOGGED_TOKEN : segment))
    .join('/');
}

const safeDecode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * How a request reads in a log line: Fastify's own fields, with the logged path above. The client's
 * address is kept (security, rate limits); the privacy notice says for how long.
 */
export const LOG_SERIALIZERS = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: loggedPath(request),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Told of every route as it is added, with its schemas (tests walk the whole API this way). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole application from a config; it never listens (main.ts does, tests inject). */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = Fastify({
    logger:
      options.logger && typeof options.logger === 'object'
        ? { ...options.logger, serializers: { ...LOG_SERIALIZERS, ...options.logger.serializers } }
        : (options.logger ?? false),
    // Fastify's own controller logs every request twice; the default keeps the notable ones only.
    ...(config.logRequests === 'notable' ? { logController: new NotableRequestLog() } : {}),
    // A hop count becomes the function Fastify itself would make of it (its types take no number).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 256 * 1024,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 500 },
    // Errors met before routing (a malformed URL, an id too long) answer in the API's error shape too.
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  // The API speaks JSON only: a text body is refused with 415 rather than parsed.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  // The machinery every domain stands on.
  await app.register(errorsPlugin);
  await app.register(databasePlugin);
  await app.register(securityPlugin);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(etagPlugin);
  await app.register(contentChangesPlugin);
  await app.register(sessionsPlugin);
  await app.register(mailPlugin);
  await app.register(personDataPlugin);
  await app.register(healthRoutes);
  await app.register(sitePlugin);

  // The association's work, a plugin each; each route's full path comes from src/shared/api-paths.ts.
  await app.register(accountsPlugin);
  await app.register(contentPlugin);
  await app.register(requestsPlugin);
  await app.register(uploadsPlugin);
  await app.register(newsletterPlugin);
  await app.register(registrationsPlugin);
  await app.register(membersPlugin);
  await app.register(shareCardsPlugin);
  await app.register(certificatesPlugin);
  // Last: it reaches every domain's personal data through the sources they registered.
  await app.register(privacyPlugin);
  // After every domain: the demo's activity goes through their own routes and tables.
  await app.register(demoPlugin);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
