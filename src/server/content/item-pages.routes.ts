import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { itemPaths, itemSections } from '../../shared/api-paths.ts';
import { eventsContent, newsContent } from './content.service.ts';
import { PREPARED_ROUTE, sendPrepared } from '../site/prepared-body.ts';

const kinds = [
  { section: 'Noticias', store: newsContent, path: itemPaths.news, home: itemSections.news },
  { section: 'Eventos', store: eventsContent, path: itemPaths.event, home: itemSections.event },
] as const;

/**
 * /Noticias/<slug> and /Eventos/<slug>: the page of one entry, rendered like every page. An address
 * with the entry's id (the links shared before slugs existed) is sent to its slug for good (301); an
 * unknown or deleted entry sends the visitor to its section on the home page (302).
 */
export const itemPageRoutes: FastifyPluginAsync = async (app) => {
  const renderer = app.pageRenderer;
  for (const kind of kinds) {
    app.get<{ Params: { key: string } }>(
      `/${kind.section}/:key`,
      PREPARED_ROUTE,
      async (request, reply: FastifyReply) => {
        const { key } = request.params;
        // Slugs and ids are both [A-Za-z0-9-]: anything else names no entry.
        if (!/^[A-Za-z0-9_-]{1,200}$/.test(key)) return reply.redirect(kind.home, 302);
        const entry = await kind.store.getBySlug(app.db, key, app.publishing.now());
        if (entry) {
          const page = await renderer.page(kind.path(entry.slug));
          reply.header('Cache-Control', 'no-cache');
          return sendPrepared(request, reply, page, 'text/html; charset=utf-8');
        }
        const byId = await kind.store.get(app.db, key, app.publishing.now());
        if (byId) return reply.redirect(kind.path(byId.slug), 301);
        return reply.redirect(kind.home, 302);
      },
    );
  }
};
