import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '../../shared/api-paths.ts';
import { IdParamSchema, dataEnvelope, ApiErrorSchema } from '../../shared/schemas.ts';
import { AdminShareCardSchema, ShareCardChoiceSchema } from '../../shared/share-card-schemas.ts';
import {
  SHARE_CARD,
  shareCardAlt,
  shareCardPhoto,
  shareCardSegments,
  type ShareCardKind,
} from '../../shared/share-cards.ts';
import { matchesEtag } from '../lib/etag-match.ts';
import { found } from '../lib/route-helpers.ts';
import { notFound } from '../plugins/errors.ts';
import type { CardEntry } from './share-cards.repository.ts';
import type { ShareCardsService } from './share-cards.service.ts';

const ONE_DAY = 86_400;
const ONE_YEAR = 31_536_000;
const KINDS = ['events', 'news'] as const satisfies ShareCardKind[];
/** A card's file name in its address: a slug (as content makes them) and `.jpg`. */
const CARD_FILE = /^([A-Za-z0-9_-]{1,200})\.jpg$/;

/** Whether the request comes from a logged-in admin (the account domain's check, its refusal kept quiet). */
async function isStaff(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  try {
    await request.server.requireAdmin.call(request.server, request, reply);
    return true;
  } catch {
    return false;
  }
}

/**
 * GET /og/evento/<slug>.jpg and /og/noticia/<slug>.jpg: the entry's card. Registered in a session scope:
 * a draft's or a scheduled entry's card answers staff only (404 to anyone else, as its page does). The
 * address stays the entry's from version to version, so it is kept a day and revalidated by its ETag;
 * with the `v` of the current version (the admin's preview) it is kept for good.
 */
export function cardRoutes(cards: ShareCardsService): FastifyPluginAsync {
  return async (app) => {
    for (const kind of KINDS) {
      app.get<{ Params: { file: string }; Querystring: { v?: string } }>(
        `/og/${shareCardSegments[kind]}/:file`,
        { compress: false },
        async (request, reply) => {
          const slug = CARD_FILE.exec(request.params.file)?.[1];
          const entry = slug ? await cards.find(kind, { slug }) : undefined;
          if (!entry) throw notFound();
          const visible = await cards.isPublic(entry);
          if (!visible && !(await isStaff(request, reply))) throw notFound();
          const card = await cards.cardOf(entry, request.log);
          const current =
            !card.generic && request.query.v !== undefined && card.etag === `"${request.query.v}"`;
          reply
            .type(SHARE_CARD.type)
            .header('ETag', card.etag)
            .header(
              'Cache-Control',
              !visible
                ? 'private, no-store'
                : card.generic
                  ? 'no-cache'
                  : current
                    ? `public, max-age=${ONE_YEAR}, immutable`
                    : `public, max-age=${ONE_DAY}`,
            );
          if (visible && matchesEtag(request.headers['if-none-match'], card.etag))
            return reply.code(304).send();
          return reply.send(card.bytes);
        },
      );
    }
  };
}

const answerOf = async (cards: ShareCardsService, entry: CardEntry) => ({
  data: {
    mode: entry.mode,
    src: cards.srcOf(entry),
    public: await cards.isPublic(entry),
    hasPhoto: shareCardPhoto(entry) !== undefined,
    alt: shareCardAlt(entry),
  },
});

/** The admin's view of an entry's card, and the choice between the composed card and the photo. */
export function adminCardRoutes(cards: ShareCardsService): FastifyPluginAsyncZod {
  return async (app) => {
    const paths = { events: apiRoutes.adminEventShareCard, news: apiRoutes.adminNewsShareCard };
    for (const kind of KINDS) {
      const params = IdParamSchema;
      const response = { 200: dataEnvelope(AdminShareCardSchema), 404: ApiErrorSchema };
      app.get(paths[kind], { schema: { params, response } }, async (request) =>
        answerOf(cards, found(await cards.find(kind, { id: request.params.id }))),
      );
      app.put(
        paths[kind],
        { schema: { params, body: ShareCardChoiceSchema, response: { ...response, 400: ApiErrorSchema } } },
        async (request) => {
          const entry = found(await cards.find(kind, { id: request.params.id }));
          await cards.choose(kind, entry.id, request.body.mode);
          return answerOf(cards, { ...entry, mode: request.body.mode });
        },
      );
    }
  };
}
