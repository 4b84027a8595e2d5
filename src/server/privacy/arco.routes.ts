import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privacyApiRoutes } from '../../shared/privacy-paths.ts';
import { ArcoBodySchema, ArcoReceiptSchema } from '../../shared/privacy-schemas.ts';
import { ApiErrorSchema, dataEnvelope } from '../../shared/schemas.ts';
import { publicFormLimit } from '../plugins/security.ts';
import { acceptArcoRequest } from './arco.service.ts';

/**
 * POST /api/privacy/requests: an ARCO request. Stored with its folio, its consent and its mail before
 * the 201 `{data: {folio, answerDue}}`; delivery happens afterwards in the worker.
 */
export const arcoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    privacyApiRoutes.privacyRequests,
    {
      config: { rateLimit: publicFormLimit(app) },
      schema: {
        body: ArcoBodySchema,
        response: { 201: dataEnvelope(ArcoReceiptSchema), 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const receipt = await acceptArcoRequest(app, request.log, request.body.data);
      return reply.code(201).send({ data: receipt });
    },
  );
};
