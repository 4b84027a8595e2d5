import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../db/database.ts';
import { apiRoutes } from '../../shared/api-paths.ts';

/** GET /api/health: 200 while the database answers, 503 otherwise (for load balancers and monitors). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoutes.health,
    {
      schema: {
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (await pingDatabase(app.db)) return reply.code(200).send({ status: 'ok' as const });
      return reply.code(503).send({ status: 'unavailable' as const });
    },
  );
};
