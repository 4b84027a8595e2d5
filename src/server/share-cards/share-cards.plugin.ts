import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminScope, sessionScope } from '../plugins/sessions.ts';
import { adminCardRoutes, cardRoutes } from './share-cards.routes.ts';
import { shareCardsService } from './share-cards.service.ts';

/**
 * Share cards: a 1200×630 JPEG for every event and news item (decision 047), made once per version of
 * its entry: when it is published or changed (the content changes, here or on another instance), else
 * when first asked for; the cards of every public entry are brought up to date at start.
 */
export const shareCardsPlugin = fp(
  async (app: FastifyInstance) => {
    const cards = shareCardsService(app);
    await app.register(sessionScope(cardRoutes(cards)));
    await app.register(adminScope(adminCardRoutes(cards)));
    app.contentChanges.subscribe((resource) => {
      if (resource === 'events' || resource === 'news') cards.sweepSoon(resource);
    });
    app.addHook('onReady', async () => {
      cards.sweepSoon('events');
      cards.sweepSoon('news');
    });
    app.addHook('onClose', async () => cards.close());
  },
  { name: 'share-cards', dependencies: ['database', 'content', 'content-changes', 'sessions'] },
);
