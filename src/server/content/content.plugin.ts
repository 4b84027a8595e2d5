import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  EventInputSchema,
  EventSchema,
  NewsInputSchema,
  NewsSchema,
  PartnerInputSchema,
  PartnerSchema,
} from '../../shared/schemas.ts';
import { adminScope } from '../plugins/sessions.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { contentReadRoutes, contentWriteRoutes } from './crud.routes.ts';
import { eventsRepository } from './events.repository.ts';
import { itemPageRoutes } from './item-pages.routes.ts';
import { newsRepository } from './news.repository.ts';
import { partnersRepository } from './partners.repository.ts';
import { seedDemoContentIfEmpty } from './seed.ts';
import { sitemapRoutes } from './sitemap.routes.ts';

const events = {
  resource: 'events',
  input: EventInputSchema,
  entity: EventSchema,
  repository: eventsRepository,
} as const;
const news = {
  resource: 'news',
  input: NewsInputSchema,
  entity: NewsSchema,
  repository: newsRepository,
} as const;
const partners = {
  resource: 'partners',
  input: PartnerInputSchema,
  entity: PartnerSchema,
  repository: partnersRepository,
} as const;

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
    app.pageRenderer.drawContentFrom(async () => {
      const [eventList, newsList, partnerList] = await Promise.all([
        eventsRepository.list(app.db),
        newsRepository.list(app.db),
        partnersRepository.list(app.db),
      ]);
      return { events: eventList, news: newsList, partners: partnerList };
    });
    await app.register(contentReadRoutes(events));
    await app.register(contentReadRoutes(news));
    await app.register(contentReadRoutes(partners));
    await app.register(
      adminScope(async (scope) => {
        await scope.register(contentWriteRoutes(events));
        await scope.register(contentWriteRoutes(news));
        await scope.register(contentWriteRoutes(partners));
      }),
    );
    await app.register(calendarRoutes);
    await app.register(itemPageRoutes);
    await app.register(sitemapRoutes);
  },
  { name: 'content', dependencies: ['database', 'content-changes', 'ready-answers', 'accounts', 'site'] },
);
