import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HOUR_MS, MINUTE_MS } from '../../shared/clock.ts';
import { scheduleJob } from '../lib/schedule-job.ts';
import { adminScope } from '../plugins/sessions.ts';
import { newsletterAdminRoutes } from './admin.routes.ts';
import { campaignsService } from './campaigns.service.ts';
import { newsletterPublicRoutes } from './public.routes.ts';
import {
  subscriptionsPersonData,
  subscriptionsService,
  type NewSubscription,
  type SubscribeOutcome,
} from './subscriptions.service.ts';

export interface Newsletter {
  /** Starts the double opt-in for an address (footer form, or the box on a request form). */
  subscribe(subscription: NewSubscription): Promise<SubscribeOutcome>;
  /** Queues a campaign marked for sending, batch after batch, without making anyone wait. */
  queueInBackground(campaignId: string): void;
  /** Resolves once every queuing started here has finished (tests, graceful stop). */
  idle(): Promise<void>;
}

/**
 * The newsletter: subscriptions confirmed by mail (double opt-in), one-click unsubscription, and the
 * admin's campaigns, queued as one personal bulk outbox row per active subscriber. A campaign whose
 * queuing was cut short (a crash) is taken up again at start and every minute; a permanent refusal
 * from the mail server marks the address bounced.
 */
export const newsletterPlugin = fp(
  async (app: FastifyInstance) => {
    const subscriptions = subscriptionsService(app);
    const campaigns = campaignsService(app);
    app.decorate('newsletter', {
      subscribe: subscriptions.subscribe,
      queueInBackground: campaigns.queueInBackground,
      idle: campaigns.idle,
    } satisfies Newsletter);
    app.personData.register(subscriptionsPersonData);
    app.mailWorker.onFinalFailure(campaigns.onFinalFailure);

    await app.register(newsletterPublicRoutes(subscriptions));
    await app.register(adminScope(newsletterAdminRoutes(campaigns, subscriptions)));

    scheduleJob(app, { name: 'newsletter campaign resume', everyMs: MINUTE_MS }, campaigns.resumeInterrupted);
    scheduleJob(app, { name: 'newsletter purge', everyMs: HOUR_MS }, subscriptions.purge);
    app.addHook('onClose', async () => {
      await campaigns.idle().catch(() => undefined);
    });
  },
  {
    name: 'newsletter',
    dependencies: ['database', 'security', 'mail', 'accounts', 'site', 'person-data'],
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Subscriptions and campaign sending (src/server/newsletter). */
    newsletter: Newsletter;
  }
}
