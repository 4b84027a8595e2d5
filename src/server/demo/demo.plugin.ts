import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The demo's activity on a newcomer's first start (`SEED_DEMO`): what the association's work looks
 * like once people use the site, beside the demo content the content domain seeds.
 */
export const demoPlugin = fp(async (_app: FastifyInstance) => {}, {
  name: 'demo',
  dependencies: ['content', 'registrations', 'newsletter', 'certificates'],
});
