import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HOUR_MS, MINUTE_MS } from '../../shared/clock.ts';
import { adminScope } from '../plugins/sessions.ts';
import { newsletterAdminRoutes } from './admin.routes.ts';
import { campaignsBeingQueued, queueNextBatch, QueueRaceError } from './campaigns.repository.ts';
import { newsletterPublicRoutes } from './public.routes.ts';
import {
  CAMPAIGN_PURPOSE,
  markBounced,
  purgeExpiredPending,
  requestSubscription,
  subscriptionsPersonData,
  type NewSubscription,
  type SubscribeOutcome,
} from './subscribers.repository.ts';
import { scheduleJob } from '../lib/schedule-job.ts';

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
    const queuing = new Map<string, Promise<void>>();
    const mail = { mailFrom: app.config.mailFrom, siteUrl: app.config.siteUrl };

    async function queueAll(campaignId: string): Promise<void> {
      for (;;) {
        try {
          const queued = await queueNextBatch(app.db, campaignId, mail);
          if (queued === 0) return;
          app.mailWorker.wake();
        } catch (error) {
          // Another instance queued this batch first: it carries on with the campaign.
          if (error instanceof QueueRaceError) return;
          throw error;
        }
      }
    }

    const newsletter: Newsletter = {
      async subscribe(subscription) {
        const outcome = await app.db
          .transaction()
          .execute((trx) => requestSubscription(trx, subscription, mail));
        if (outcome === 'mailed') app.mailWorker.wake();
        if (outcome === 'capped') app.log.warn('newsletter confirmation skipped: daily cap for this address');
        return outcome;
      },
      queueInBackground(campaignId) {
        if (queuing.has(campaignId)) return;
        const run = queueAll(campaignId)
          .catch((error: unknown) =>
            app.log.error({ err: error, campaignId }, 'campaign queuing stopped; it resumes within a minute'),
          )
          .finally(() => queuing.delete(campaignId));
        queuing.set(campaignId, run);
      },
      async idle() {
        while (queuing.size > 0) await Promise.all(queuing.values());
      },
    };
    app.decorate('newsletter', newsletter);
    app.personData.register(subscriptionsPersonData);

    app.mailWorker.onFinalFailure(async (row, { permanent }) => {
      if (!permanent || row.purpose !== CAMPAIGN_PURPOSE || !row.ref_id) return;
      if (await markBounced(app.db, row.ref_id)) {
        app.log.warn({ subscriberId: row.ref_id }, 'newsletter address refused for good; marked bounced');
      }
    });

    await app.register(newsletterPublicRoutes);
    await app.register(adminScope(newsletterAdminRoutes));

    scheduleJob(app, { name: 'newsletter campaign resume', everyMs: MINUTE_MS }, async () => {
      for (const id of await campaignsBeingQueued(app.db)) newsletter.queueInBackground(id);
    });
    scheduleJob(app, { name: 'newsletter purge', everyMs: HOUR_MS }, async () => {
      const deleted = await purgeExpiredPending(app.db);
      if (deleted > 0) app.log.info({ deleted }, 'unconfirmed newsletter subscriptions deleted');
    });
    app.addHook('onClose', async () => {
      await newsletter.idle().catch(() => undefined);
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
