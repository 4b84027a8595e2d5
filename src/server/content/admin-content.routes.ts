import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes, itemPaths } from '../../shared/api-paths.ts';
import { AdminEventSchema, AdminNewsSchema, IdParamSchema, dataEnvelope } from '../../shared/schemas.ts';
import { found, recordSchema } from '../lib/route-helpers.ts';
import { previewDocument } from '../site/preview.ts';
import { entryPreview, eventsContent, newsContent } from './content.service.ts';

/** The admin's reads of each kind with a state, and where its entries' previews are. */
const kinds = [
  {
    kind: 'events',
    store: eventsContent,
    schema: AdminEventSchema,
    paths: { list: apiRoutes.adminEvents, one: apiRoutes.adminEvent, preview: apiRoutes.adminEventPreview },
  },
  {
    kind: 'news',
    store: newsContent,
    schema: AdminNewsSchema,
    paths: { list: apiRoutes.adminNews, one: apiRoutes.adminNewsItem, preview: apiRoutes.adminNewsPreview },
  },
] as const;

/**
 * The admin's reads of events and news: every entry whatever its state, with it (`status`, `publishAt`,
 * `publishedAt`), and each entry's page as visitors will see it once public (a preview, with a banner
 * and for no search engine). Inside an admin scope: the session is read here, never on the public reads.
 */
export function adminContentRoutes(now: () => Date): FastifyPluginAsyncZod {
  return async (app) => {
    // A page, though under /api/: it gets a page's security headers (its stylesheets and images), not
    // the data answers' ones, which allow nothing to load.
    const pageHeaders = app.securityHeadersFor(itemPaths.news('x'));

    for (const { kind, store, schema, paths } of kinds) {
      app.get(paths.list, { schema: { response: { 200: dataEnvelope(z.array(schema)) } } }, async () => ({
        data: await store.listAll(app.db, now()),
      }));
      app.get(paths.one, { schema: recordSchema(schema) }, async (request) => ({
        data: found(await store.getAny(app.db, request.params.id, now())),
      }));
      app.get(paths.preview, { schema: { params: IdParamSchema } }, async (request, reply) => {
        const preview = found(await entryPreview(app.db, kind, request.params.id, now()));
        const page = await app.pageRenderer.renderWith(preview.path, preview.content);
        return reply
          .headers({ ...pageHeaders, 'X-Robots-Tag': 'noindex, nofollow' })
          .type('text/html; charset=utf-8')
          .send(previewDocument(page, preview.banner));
      });
    }
  };
}
