import type { FastifyInstance } from 'fastify';
import { notFound } from '../plugins/errors.ts';
import type { PublishedEvents } from '../plugins/published-events.ts';
import { eventsContent } from './content.service.ts';

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
