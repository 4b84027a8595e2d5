import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../shared/api-paths.ts';
import { HOUR_MS } from '../../shared/clock.ts';
import { pingDatabase } from '../db/database.ts';
import { outboxState } from '../mail/outbox-state.ts';
import { runningVersion } from './version.ts';

/** With `?strict=1`, mail waiting longer than this makes the answer a 503 (for an uptime monitor). */
export const MAIL_STUCK_AFTER_MS = HOUR_MS;

const MailSchema = z.object({ oldestUnsentSeconds: z.number().nullable(), failed: z.number() });
/** Where the rate limits count: shared by every instance (Redis), or in this instance's memory only. */
const RateLimitsSchema = z.enum(['shared', 'local']);

/**
 * GET /api/health: 200 while the database answers, 503 otherwise (for load balancers and monitors),
 * with the running version, the outbox's state and where the rate limits count. `?strict=1` also answers 503 while mail is stuck.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const version = runningVersion();
  app.get(
    apiRoutes.health,
    {
      schema: {
        querystring: z.object({ strict: z.enum(['0', '1']).optional() }),
        response: {
          200: z.object({
            status: z.literal('ok'),
            version: z.string(),
            mail: MailSchema,
            rateLimits: RateLimitsSchema,
          }),
          503: z.object({
            status: z.enum(['unavailable', 'mail-stuck']),
            version: z.string(),
            mail: MailSchema.optional(),
            rateLimits: RateLimitsSchema,
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      // The database may also go away between the ping and the outbox's reads: either way the answer
      // is this route's own 503 (an error would meet the 503 schema with the API's error shape).
      const mail = (await pingDatabase(app.db))
        ? await outboxState(app.db).catch(() => undefined)
        : undefined;
      const rateLimits = app.rateLimitsWhere.counting;
      if (!mail) return reply.code(503).send({ status: 'unavailable' as const, version, rateLimits });
      const stuck =
        mail.oldestUnsentSeconds !== null && mail.oldestUnsentSeconds * 1000 > MAIL_STUCK_AFTER_MS;
      if (request.query.strict === '1' && stuck) {
        return reply.code(503).send({ status: 'mail-stuck' as const, version, mail, rateLimits });
      }
      return reply.code(200).send({ status: 'ok' as const, version, mail, rateLimits });
    },
  );
};
