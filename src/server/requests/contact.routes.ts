import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, ContactBodySchema, dataEnvelope } from '../../shared/schemas.ts';
import { publicFormLimit } from '../plugins/security.ts';
import { acceptContactRequest } from './accept-request.ts';
import { apiRoutes } from '../../shared/api-paths.ts';

/**
 * POST /api/mail/contact: a contact message or a membership request. It is stored (with its outbox
 * rows) before the 201; delivery happens afterwards in the worker, so SMTP can never fail the request.
 */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    apiRoutes.contact,
    {
      config: { rateLimit: publicFormLimit(app) },
      schema: {
        body: ContactBodySchema,
        response: {
          201: dataEnvelope(z.object({ id: z.string() })),
          400: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const id = await acceptContactRequest(app, request.log, request.body.data);
      return reply.code(201).send({ data: { id } });
    },
  );
};
