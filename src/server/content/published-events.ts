import type { FastifyInstance } from 'fastify';
import { notFound } from '../plugins/errors.ts';
import type { PublishedEvents, PublishedNews } from '../plugins/published-events.ts';
import { eventsContent, newsContent } from './content.service.ts';

/** What the other domains may ask of the events (plugins/published-events.ts), read on the content's clock. */
export function publishedEvents(app: FastifyInstance, now: () => Date): PublishedEvents {
  const find = (id: string) => eventsContent.get(app.db, id, now());
  return {
    find,
    async required(request) {
      const { id } = (request.params ?? {}) as { id?: string };
      if (!id || !(await find(id))) throw notFound();
    },
  };
}

/** The same for news (plugins/published-events.ts). */
export const publishedNews = (app: FastifyInstance, now: () => Date): PublishedNews => ({
  find: (id) => newsContent.get(app.db, id, now()),
});
