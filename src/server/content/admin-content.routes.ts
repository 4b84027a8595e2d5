import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes, itemPaths } from '../../shared/api-paths.ts';
import { clock } from '../../shared/clock.ts';
import {
  AdminEventSchema,
  AdminNewsSchema,
  ApiErrorSchema,
  EventSchema,
  IdParamSchema,
  NewsSchema,
  dataEnvelope,
  type Event,
  type News,
  type Publication,
} from '../../shared/schemas.ts';
import { notFound } from '../plugins/errors.ts';
import { previewDocument } from '../site/preview.ts';
import { eventsRepository } from './events.repository.ts';
import { newsRepository } from './news.repository.ts';
import { partnersRepository } from './partners.repository.ts';

/** The banner above a preview: whether the page is public, and when it will be. */
export function previewBanner(publication: Publication): string {
  if (publication.status === 'published') return 'Vista previa: esta página ya es pública.';
  if (publication.status === 'scheduled' && publication.publishAt)
    return `Vista previa: esta página aún no es pública. Se publicará el ${clock.formatLong(publication.publishAt)} (hora de la Ciudad de México).`;
  return 'Vista previa: esta página aún no es pública (borrador).';
}

/** The public content with one entry put in its place (or added), as if it were public. */
function withEntry<T extends { id: string }>(list: T[], entry: T, order: (a: T, b: T) => number): T[] {
  const others = list.filter((item) => item.id !== entry.id);
  return list.length === others.length
    ? [...others, entry].sort(order)
    : list.map((item) => (item.id === entry.id ? entry : item));
}

/**
 * The admin's reads of events and news: every entry whatever its state, with it (`status`, `publishAt`,
 * `publishedAt`), and each entry's page as visitors will see it once public (a preview, with a banner
 * and for no search engine). Inside an admin scope: the session is read here, never on the public reads.
 */
export function adminContentRoutes(now: () => Date): FastifyPluginAsyncZod {
  return async (app) => {
    const content = async (at: Date) => {
      const [events, news, partners] = await Promise.all([
        eventsRepository.list(app.db, at),
        newsRepository.list(app.db, at),
        partnersRepository.list(app.db),
      ]);
      return { events, news, partners };
    };

    app.get(
      apiRoutes.adminEvents,
      { schema: { response: { 200: dataEnvelope(z.array(AdminEventSchema)) } } },
      async (_request, reply) => reply.send({ data: await eventsRepository.listAll!(app.db, now()) }),
    );
    app.get(
      apiRoutes.adminEvent,
      {
        schema: {
          params: IdParamSchema,
          response: { 200: dataEnvelope(AdminEventSchema), 404: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const event = await eventsRepository.getAny!(app.db, request.params.id, now());
        if (!event) throw notFound();
        return reply.send({ data: event });
      },
    );
    app.get(
      apiRoutes.adminNews,
      { schema: { response: { 200: dataEnvelope(z.array(AdminNewsSchema)) } } },
      async (_request, reply) => reply.send({ data: await newsRepository.listAll!(app.db, now()) }),
    );
    app.get(
      apiRoutes.adminNewsItem,
      {
        schema: {
          params: IdParamSchema,
          response: { 200: dataEnvelope(AdminNewsSchema), 404: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const item = await newsRepository.getAny!(app.db, request.params.id, now());
        if (!item) throw notFound();
        return reply.send({ data: item });
      },
    );

    // A page, though under /api/: it gets a page's security headers (its stylesheets and images), not
    // the data answers' ones, which allow nothing to load.
    const pageHeaders = app.securityHeadersFor(itemPaths.news('x'));
    const sendPreview = (reply: FastifyReply, html: string) =>
      reply
        .headers({ ...pageHeaders, 'X-Robots-Tag': 'noindex, nofollow' })
        .type('text/html; charset=utf-8')
        .send(html);

    app.get(apiRoutes.adminEventPreview, { schema: { params: IdParamSchema } }, async (request, reply) => {
      const at = now();
      const found = await eventsRepository.getAny!(app.db, request.params.id, at);
      if (!found) throw notFound();
      const event: Event = EventSchema.parse(found);
      const base = await content(at);
      const events = withEntry(base.events, event, (a, b) => a.eventDate.localeCompare(b.eventDate));
      const page = await app.pageRenderer.renderWith(itemPaths.event(event.slug), { ...base, events });
      return sendPreview(reply, previewDocument(page, previewBanner(found)));
    });
    app.get(apiRoutes.adminNewsPreview, { schema: { params: IdParamSchema } }, async (request, reply) => {
      const at = now();
      const found = await newsRepository.getAny!(app.db, request.params.id, at);
      if (!found) throw notFound();
      // Dated as it would be if it were published now, unless it has its date already.
      const item: News = NewsSchema.parse({ ...found, publishedAt: found.publishedAt ?? at.toISOString() });
      const base = await content(at);
      const news = withEntry(base.news, item, (a, b) =>
        (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''),
      );
      const page = await app.pageRenderer.renderWith(itemPaths.news(item.slug), { ...base, news });
      return sendPreview(reply, previewDocument(page, previewBanner(found)));
    });
  };
}
