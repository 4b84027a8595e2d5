import type { RequestListener } from 'node:http';
import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminApiPlugin } from './admin/admin-api.plugin.ts';
import { adminSitePlugin } from './admin/admin-site.plugin.ts';
import { installAuditHooks } from './admin/audit.hook.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { ensureAdmin } from './auth/admins.repository.ts';
import { requireAdminPlugin } from './auth/require-admin.ts';
import type { Config } from './config.ts';
import { createContentBus } from './content/content-bus.ts';
import { adminContentRoutes, publicContentRoutes } from './content/content.routes.ts';
import type { ContentChangeListener } from './content/crud-routes.ts';
import { seedDemoContentIfEmpty } from './seed/seed.ts';
import { calendarRoutes } from './events/calendar.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { contactRequestStore } from './mail/accept-request.ts';
import { contactRoutes } from './mail/contact.routes.ts';
import { formPostRoutes } from './mail/form-post.routes.ts';
import { createMailWorker } from './mail/worker.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { NotableRequestLog, lazyRequestLogger } from './plugins/request-log.ts';
import { securityPlugin } from './plugins/security.ts';
import { sessionsPlugin } from './plugins/sessions.ts';
import { seoRoutes } from './seo/seo.routes.ts';
import { ReadyAnswers } from './site/ready-answers.ts';
import { sitePlugin } from './site/site.plugin.ts';
import { serveUploads } from './uploads/uploads.routes.ts';
import './types.ts';

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

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Told after every content write. */
  onContentChange?: ContentChangeListener;
  /** Told of every route as it is added, with its schemas (tests walk the whole API this way). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole application from a config; it never listens (main.ts does, tests inject). */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? false,
    // Fastify's own controller logs every request twice; the default keeps the notable ones only.
    ...(config.logRequests === 'notable' ? { logController: new NotableRequestLog() } : {}),
    // A request's own logger is made only when something is logged for it (request-log.ts).
    childLoggerFactory: lazyRequestLogger,
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

  // The public lists, once made, are answered before Fastify's routing (decision 024). Fastify's own
  // request listener stays behind them for everything else; app.inject() goes straight to it.
  const readyAnswers = new ReadyAnswers();
  const [routed] = app.server.listeners('request') as RequestListener[];
  if (routed) {
    app.server.removeListener('request', routed);
    app.server.on('request', readyAnswers.inFrontOf(routed));
  }
  app.decorate('readyAnswers', readyAnswers);
  // Closing, Fastify answers 503 with `Connection: close`; the ready answers step aside first.
  app.addHook('preClose', async () => readyAnswers.close());

  // The API speaks JSON only: a text body is refused with 415 rather than parsed.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  await app.register(errorsPlugin);
  await app.register(databasePlugin);
  await app.register(securityPlugin);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyEtag);

  if (config.admin) {
    const created = await ensureAdmin(app.db, config.admin.email, config.admin.password);
    if (created) app.log.info({ email: config.admin.email }, 'admin account created');
  }
  if (config.seedDemo) {
    const seeded = await seedDemoContentIfEmpty(app.db);
    if (seeded) app.log.info('demo content seeded into an empty database');
  }

  // Whoever caches what content produces (rendered pages) listens here, for changes made by this
  // instance and, through the bus, by the others.
  const contentListeners = new Set<ContentChangeListener>();
  const tellListeners: ContentChangeListener = (resource) => {
    for (const listener of contentListeners) listener(resource);
    options.onContentChange?.(resource);
  };
  const bus = createContentBus({
    redisUrl: config.redisUrl,
    postgres: app.dialect === 'postgres' ? { url: config.databaseUrl, db: app.db } : undefined,
    schema: config.databaseSchema,
    log: app.log,
    onRemoteChange: tellListeners,
  });
  if (bus) {
    app.log.info({ transport: bus.transport }, 'content changes are told to the other instances');
    app.addHook('onClose', async () => bus.close());
  }
  app.decorate('contentBus', bus);
  const contentChanged: ContentChangeListener = (resource) => {
    tellListeners(resource);
    bus?.publish(resource);
  };
  app.decorate('onContentChange', (listener: ContentChangeListener) => {
    contentListeners.add(listener);
  });

  app.decorate('contactRequests', contactRequestStore(app));
  const worker = createMailWorker({ db: app.db, dialect: app.dialect, config, log: app.log });
  app.decorate('mailWorker', worker);
  app.addHook('onReady', async () => worker.start());
  // The mail being sent finishes (or is left pending) before the database closes.
  app.addHook('preClose', async () => worker.stop());

  // What answers every visitor alike (pages, public lists, assets, the forms): no session is read or
  // made for it, so an anonymous request costs no session lookup and gets no session cookie.
  await app.register(async (api) => {
    await api.register(healthRoutes);
    await api.register(contactRoutes);
    await api.register(publicContentRoutes);
    await api.register(calendarRoutes);
  });
  // What depends on who asks: the admin's session is looked up, rolled and saved only in here. The
  // audit hooks come before the routes they watch.
  await app.register(async (admin) => {
    await admin.register(sessionsPlugin);
    await admin.register(requireAdminPlugin);
    installAuditHooks(admin);
    await admin.register(authRoutes);
    await admin.register(adminContentRoutes(contentChanged));
    await admin.register(adminApiPlugin);
  });
  // Each /api route's full path comes from src/shared/api-paths.ts.
  await app.register(serveUploads);
  await app.register(seoRoutes);
  await app.register(adminSitePlugin);
  await app.register(sitePlugin);
  await app.register(formPostRoutes);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
