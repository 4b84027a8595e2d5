import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, ContactBodySchema, dataEnvelope } from '../../shared/schemas.ts';
import { storeRequest } from './requests.repository.ts';

/**
 * POST /api/mail/contact: a contact message or a membership request. It is stored (with its outbox
 * rows) before the 201; delivery happens afterwards in the worker, so SMTP can never fail the request.
 */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/mail/contact',
    {
      config: { rateLimit: { max: app.config.contactRateLimit, timeWindow: '1 minute' } },
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
      const { website, memberships, ...fields } = request.body.data;
      const spam = Boolean(website?.trim());
      const id = await storeRequest(
        app.db,
        { ...fields, kind: memberships ?? 'contacto', spam },
        { mailTo: app.config.mailTo, mailFrom: app.config.mailFrom },
      );
      if (spam) request.log.info({ requestId: id }, 'contact request flagged as spam; stored, not mailed');
      app.mailWorker.wake();
      return reply.code(201).send({ data: { id } });
    },
  );
};
