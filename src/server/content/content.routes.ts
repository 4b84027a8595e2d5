import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EventInputSchema,
  EventSchema,
  NewsInputSchema,
  NewsSchema,
  PartnerInputSchema,
  PartnerSchema,
} from '../../shared/schemas.ts';
import { eventsRepository } from '../events/events.repository.ts';
import { newsRepository } from '../news/news.repository.ts';
import { partnersRepository } from '../partners/partners.repository.ts';
import { contentRoutes, type ContentChangeListener } from './crud-routes.ts';

/** Events, news and partners: the same five verbs each, under /api/{resource}/. */
export function allContentRoutes(onChange?: ContentChangeListener): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(
      contentRoutes(
        { resource: 'events', input: EventInputSchema, entity: EventSchema, repository: eventsRepository },
        onChange,
      ),
    );
    await app.register(
      contentRoutes(
        { resource: 'news', input: NewsInputSchema, entity: NewsSchema, repository: newsRepository },
        onChange,
      ),
    );
    await app.register(
      contentRoutes(
        {
          resource: 'partners',
          input: PartnerInputSchema,
          entity: PartnerSchema,
          repository: partnersRepository,
        },
        onChange,
      ),
    );
  };
}
