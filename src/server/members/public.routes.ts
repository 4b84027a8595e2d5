import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../shared/api-paths.ts';
import { AccessBodySchema, DirectoryEntrySchema, PlanSchema } from '../../shared/member-schemas.ts';
import { ApiErrorSchema, dataEnvelope } from '../../shared/schemas.ts';
import { publicFormLimit } from '../plugins/security.ts';
import { requestAccess } from './member-page.service.ts';
import { listPlans } from './plans.repository.ts';
import { directory } from './staff.service.ts';

/**
 * The members' public API: the plans with their fees, the directory of those who chose to appear, and
 * the link to a member's page asked for by e-mail. The first two are read fresh and revalidated (the
 * ETag plugin answers 304 when nothing changed): a status follows the dates, so a copy kept for long
 * would show someone whose grace ended.
 */
export const memberPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = app.members;

  app.get(
    apiRoutes.membershipPlans,
    { schema: { response: { 200: dataEnvelope(z.array(PlanSchema)) } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return { data: await listPlans(app.db) };
    },
  );

  app.get(
    apiRoutes.membershipDirectory,
    { schema: { response: { 200: dataEnvelope(z.array(DirectoryEntrySchema)) } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return { data: await directory(context) };
    },
  );

  // The same answer, at once, whoever asks: the lookup and the mail happen after it has left, so
  // neither its content nor its timing tells whether an address is a member's.
  app.post(
    apiRoutes.membershipAccess,
    {
      config: { rateLimit: publicFormLimit(app) },
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 202) return;
        const { email } = (request.body as z.infer<typeof AccessBodySchema>).data;
        app.membersLater.run(() => requestAccess(context, email));
      },
      schema: {
        body: AccessBodySchema,
        response: {
          202: dataEnvelope(z.object({ ok: z.literal(true) })),
          400: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (_request, reply) => reply.code(202).send({ data: { ok: true as const } }),
  );
};
