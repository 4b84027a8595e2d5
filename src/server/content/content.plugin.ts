import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  AdminEventSchema,
  AdminNewsSchema,
  EventInputSchema,
  EventSchema,
  NewsInputSchema,
  NewsSchema,
  PartnerInputSchema,
  PartnerSchema,
} from '../../shared/schemas.ts';
import { adminScope } from '../plugins/sessions.ts';
import { adminContentRoutes } from './admin-content.routes.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { eventsContent, newsContent, partnersContent, publicContent } from './content.service.ts';
import { contentReadRoutes, contentWriteRoutes } from './crud.routes.ts';
import { itemPageRoutes } from './item-pages.routes.ts';
import { startPublicationTimer, type PublicationTimer } from './publication-timer.ts';
import { publishedEvents, publishedNews } from './published-events.ts';
import { seedDemoContentIfEmpty } from './seed.ts';
import { sitemapRoutes } from './sitemap.routes.ts';

const resources = (now: () => Date) =>
  ({
    events: {
      resource: 'events',
      input: EventInputSchema,
      entity: EventSchema,
      adminEntity: AdminEventSchema,
      store: eventsContent,
      now,
    },
    news: {
      resource: 'news',
      input: NewsInputSchema,
      entity: NewsSchema,
      adminEntity: AdminNewsSchema,
      store: newsContent,
      now,
    },
    partners: {
      resource: 'partners',
      input: PartnerInputSchema,
      entity: PartnerSchema,
      store: partnersContent,
      now,
    },
  }) as const;

/**
 * What the association publishes: events, news and partners. Their lists and entries under
 * /api/{resource}/ answer every visitor alike; their writes are the admin's, each published as a
 * content change. Each news item and event has its own page, the events their calendar files, and the
 * sitemap lists them all. The pages draw their content from here.
 */
export const contentPlugin = fp(
  async (app: FastifyInstance) => {
    if (app.config.seedDemo) {
      const seeded = await seedDemoContentIfEmpty(app.db);
      if (seeded) app.log.info('demo content seeded into an empty database');
    }
    // What is public depends on the time: a test gives its own clock.
    const now = app.config.now ?? (() => new Date());
    const { events, news, partners } = resources(now);
    app.pageRenderer.drawContentFrom(() => publicContent(app.db, now()));
    await app.register(contentReadRoutes(events));
    await app.register(contentReadRoutes(news));
    await app.register(contentReadRoutes(partners));
    await app.register(
      adminScope(async (scope) => {
        await scope.register(contentWriteRoutes(events));
        await scope.register(contentWriteRoutes(news));
        await scope.register(contentWriteRoutes(partners));
        await scope.register(adminContentRoutes(now));
      }),
    );
    app.decorate('publishing', { now, ...startPublicationTimer(app, now) });
    app.decorate('publishedEvents', publishedEvents(app, now));
    app.decorate('publishedNews', publishedNews(app, now));
    await app.register(calendarRoutes);
    await app.register(itemPageRoutes);
    await app.register(sitemapRoutes);
  },
  { name: 'content', dependencies: ['database', 'content-changes', 'accounts', 'site'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What is public when: `now()` is the time content is read at (a test's clock, else the system's);
     * `check()` looks at once whether a scheduled entry became public (tests drive their clock with it).
     */
    publishing: PublicationTimer & { now: () => Date };
  }
}
