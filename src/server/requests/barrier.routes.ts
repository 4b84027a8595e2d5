import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BarrierReceiptSchema,
  BarrierReportBodySchema,
  barrierApiRoutes,
  barrierPaths,
} from '../../shared/barriers.ts';
import { ApiErrorSchema, dataEnvelope } from '../../shared/schemas.ts';
import { publicFormLimit } from '../plugins/security.ts';
import { sentPage, takePlainForm } from '../site/form-posts.ts';
import { acceptBarrierReport, readBarrierForm } from './barrier-report.ts';

/**
 * POST /api/accessibility/barriers: a report of an accessibility barrier, stored with its mail before
 * the 201 `{data: {answerDue}}` (the day, ten business days on, by which the association answers).
 */
export const barrierApiRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  app.post(
    barrierApiRoutes.report,
    {
      config: { rateLimit: publicFormLimit(app) },
      schema: {
        body: BarrierReportBodySchema,
        response: { 201: dataEnvelope(BarrierReceiptSchema), 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await acceptBarrierReport(app, request.log, request.body.data) }),
  );
};

/**
 * The report form posted without script, through the site's one path for plain posts (as the request
 * and ARCO forms, site/form-posts.ts): POST /Accesibilidad stores it and redirects (303) to
 * /Accesibilidad/Enviado.
 */
export const barrierFormRoutes: FastifyPluginAsync = async (app) => {
  takePlainForm(app, {
    path: barrierPaths.page,
    // A report holds an address, a description of at most 3 000 characters and an e-mail.
    bodyLimit: 32 * 1024,
    refused: () => ({ kind: 'barrera', values: {}, fields: {} }),
    read: readBarrierForm,
    accept: async (report, log) => {
      await acceptBarrierReport(app, log, report);
      return barrierPaths.sent;
    },
  });
  sentPage(app, barrierPaths.sent);
};
