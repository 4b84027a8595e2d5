import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { addDemoActivity } from './activity.service.ts';

/**
 * The demo's activity on a newcomer's first start (`SEED_DEMO`): what the association's work looks
 * like once people use the site, beside the demo content the content domain seeds. Written once, never
 * in production; a failure is logged and the site starts all the same.
 */
export const demoPlugin = fp(
  async (app: FastifyInstance) => {
    if (!app.config.seedDemo || app.config.env === 'production') return;
    try {
      const now = app.config.now?.() ?? new Date();
      if (!(await addDemoActivity(app.db, { mailFrom: app.config.mailFrom, now }))) return;
      app.log.info('demo activity added: sign-ups, a past event with its certificates, a sent newsletter');
      // New events and counts: the lists and pages are drawn again, the share cards made.
      app.contentChanges.publish('events');
    } catch (error) {
      app.log.error({ err: error }, 'the demo activity could not be added');
    }
  },
  {
    name: 'demo',
    dependencies: ['content', 'registrations', 'newsletter', 'certificates'],
  },
);
