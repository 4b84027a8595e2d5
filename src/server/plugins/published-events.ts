import type { onRequestHookHandler } from 'fastify';
import type { Event, News } from '../../shared/schemas.ts';

/**
 * What the content domain tells the other domains about its events: whether visitors may see one now
 * (decision 034: a draft, or an entry scheduled for later, does not exist for them). Declared here, below
 * the domains; the content plugin provides it, and a domain that names events to visitors (the sign-ups)
 * asks it rather than the events table.
 */
export interface PublishedEvents {
  /** The event of this id as visitors see it now; undefined when unknown, a draft or scheduled for later. */
  find(id: string): Promise<Event | undefined>;
  /** A route's onRequest hook: 404 unless the event of the route's `:id` is public now. */
  required: onRequestHookHandler;
}

/** The same question about a news item (the share cards ask it): undefined unless visitors may see it now. */
export interface PublishedNews {
  find(id: string): Promise<News | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    publishedEvents: PublishedEvents;
    publishedNews: PublishedNews;
  }
}
