import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HOUR_MS, MINUTE_MS } from '../../shared/clock.ts';
import { scheduleJob } from '../lib/schedule-job.ts';
import { adminScope } from '../plugins/sessions.ts';
import { newsletterAdminRoutes } from './admin.routes.ts';
import { campaignsService } from './campaigns.service.ts';
import { newsletterPublicRoutes } from './public.routes.ts';
import { subscriptionRequests } from './subscription-requests.ts';
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
  /** Resolves once every queuing, and all work after an answer, started here is done (tests, graceful stop). */
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
    const requests = subscriptionRequests(app);
    const campaigns = campaignsService(app);
    const idle = async () => {
      await requests.settled();
      await campaigns.idle();
    };
    app.decorate('newsletter', {
      subscribe: subscriptions.subscribe,
      queueInBackground: campaigns.queueInBackground,
      idle,
    } satisfies Newsletter);
    app.personData.register(subscriptionsPersonData);
    app.mailWorker.onFinalFailure(campaigns.onFinalFailure);

    await app.register(newsletterPublicRoutes(subscriptions, requests));
    await app.register(adminScope(newsletterAdminRoutes(campaigns, subscriptions)));

    scheduleJob(app, { name: 'newsletter campaign resume', everyMs: MINUTE_MS }, campaigns.resumeInterrupted);
    // A subscription stored by a form whose work a crash cut short is worked out at the next start.
    scheduleJob(app, { name: 'newsletter stored subscriptions', everyMs: MINUTE_MS }, requests.takeStored);
    scheduleJob(app, { name: 'newsletter purge', everyMs: HOUR_MS }, subscriptions.purge);
    app.addHook('onClose', async () => {
      await idle().catch(() => undefined);
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
