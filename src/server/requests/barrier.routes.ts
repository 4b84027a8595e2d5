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
import { formFields, privatePage, takePlainForms } from '../site/form-posts.ts';
import { acceptBarrierReport, readBarrierForm } from './barrier-report.ts';

/** A report holds an address, a description of at most 3 000 characters and an e-mail. */
const FORM_BODY_LIMIT = 32 * 1024;

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
 * and ARCO forms): POST /Accesibilidad stores it and redirects (303) to /Accesibilidad/Enviado; a post
 * with mistakes gets the page again with what was typed and a message by each field; a refused one
 * (site/form-posts.ts) the page with the reason. No CSRF token: the post must come from this site.
 */
export const barrierFormRoutes: FastifyPluginAsync = async (app) => {
  const pages = app.pageRenderer;

  takePlainForms(app, {
    bodyLimit: FORM_BODY_LIMIT,
    refusal: (_request, _status, message) => ({
      path: barrierPaths.page,
      form: { kind: 'barrera', values: {}, fields: {}, message },
    }),
  });

  app.post(
    barrierPaths.page,
    // The limit counts the post as it arrives, before anything is read or drawn.
    { config: { sameOriginPost: true, rateLimit: publicFormLimit(app) } },
    async (request, reply) => {
      const form = readBarrierForm(formFields(request.body));
      if ('mistakes' in form) {
        return privatePage(reply, 400).send(await pages.renderPrivate(barrierPaths.page, form.mistakes));
      }
      await acceptBarrierReport(app, request.log, form.report);
      return reply.header('Cache-Control', 'no-store').redirect(barrierPaths.sent, 303);
    },
  );

  app.get(barrierPaths.sent, async (_request, reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .header('X-Robots-Tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(await pages.render(barrierPaths.sent)),
  );
};
