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
import { contentReadRoutes, contentWriteRoutes, type ContentChangeListener } from './crud-routes.ts';

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

/** Events, news and partners, under /api/{resource}/: their lists and entries, the same for every visitor. */
export const publicContentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(contentReadRoutes(events));
  await app.register(contentReadRoutes(news));
  await app.register(contentReadRoutes(partners));
};

/** Their create, update and delete, for admins; `onChange` is told after each write. */
export function adminContentRoutes(onChange?: ContentChangeListener): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(contentWriteRoutes(events, onChange));
    await app.register(contentWriteRoutes(news, onChange));
    await app.register(contentWriteRoutes(partners, onChange));
  };
}
