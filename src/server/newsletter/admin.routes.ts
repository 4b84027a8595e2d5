import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CampaignBodySchema,
  CampaignPreviewSchema,
  CampaignQuerySchema,
  CampaignSchema,
  NewsletterSummarySchema,
  SubscriberItemSchema,
  SubscriberQuerySchema,
  listEnvelope,
} from '../../shared/admin-schemas.ts';
import { apiRoutes } from '../../shared/api-paths.ts';
import { clock, isoDay } from '../../shared/clock.ts';
import { newsletterMessages } from '../../shared/messages.ts';
import { ApiErrorSchema, dataEnvelope } from '../../shared/schemas.ts';
import { byIdSchema, found, pageOf } from '../lib/route-helpers.ts';
import { HttpError } from '../plugins/errors.ts';
import { CampaignAlreadySentError, type CampaignsService } from './campaigns.service.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';
import { newsletterSummary } from './summary.service.ts';

/** The answer about one campaign: 404 when there is none, 409 when a change needs a draft. */
async function campaignAnswer<T>(work: Promise<T | undefined>): Promise<T> {
  try {
    return found(await work);
  } catch (error) {
    if (error instanceof CampaignAlreadySentError) {
      throw new HttpError(409, 'ALREADY_SENT', newsletterMessages.alreadySent);
    }
    throw error;
  }
}

/** The admin's "Boletín": subscribers (list, search, CSV) and campaigns (write, preview, test, send). */
export function newsletterAdminRoutes(
  campaigns: CampaignsService,
  subscriptions: SubscriptionsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    // The summary's card: the figures of the subscribers' and campaigns' screens, in one answer.
    app.get(
      apiRoutes.newsletterSummary,
      { schema: { response: { 200: dataEnvelope(NewsletterSummarySchema) } } },
      async () => ({ data: await newsletterSummary(app.db, app.config.now?.() ?? new Date()) }),
    );

    app.get(
      apiRoutes.newsletterSubscribers,
      {
        schema: { querystring: SubscriberQuerySchema, response: { 200: listEnvelope(SubscriberItemSchema) } },
      },
      async (request) => {
        const { page, perPage, ...filter } = request.query;
        return subscriptions.list(filter, pageOf({ page, perPage }));
      },
    );

    app.get(
      apiRoutes.newsletterSubscribersCsv,
      { schema: { querystring: SubscriberQuerySchema.omit({ page: true, perPage: true }) } },
      async (request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="boletin-${isoDay(clock.today())}.csv"`)
          .send(subscriptions.csv(request.query)),
    );

    app.get(
      apiRoutes.newsletterCampaigns,
      { schema: { querystring: CampaignQuerySchema, response: { 200: listEnvelope(CampaignSchema) } } },
      async (request) => campaigns.list(pageOf(request.query)),
    );

    app.post(
      apiRoutes.newsletterCampaigns,
      {
        schema: {
          body: CampaignBodySchema,
          response: { 201: dataEnvelope(z.object({ id: z.string() })), 400: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const id = await campaigns.create(request.body.data);
        return reply.code(201).send({ data: { id } });
      },
    );

    app.get(
      apiRoutes.newsletterCampaign,
      { schema: byIdSchema({ 200: dataEnvelope(CampaignSchema) }) },
      async (request) => ({
        data: await campaignAnswer(campaigns.byId(request.params.id)),
      }),
    );

    app.put(
      apiRoutes.newsletterCampaign,
      {
        schema: {
          ...byIdSchema({ 200: dataEnvelope(CampaignSchema), 400: ApiErrorSchema, 409: ApiErrorSchema }),
          body: CampaignBodySchema,
        },
      },
      async (request) => ({
        data: await campaignAnswer(campaigns.update(request.params.id, request.body.data)),
      }),
    );

    app.get(
      apiRoutes.newsletterCampaignPreview,
      { schema: byIdSchema({ 200: dataEnvelope(CampaignPreviewSchema) }) },
      async (request) => ({ data: await campaignAnswer(campaigns.preview(request.params.id)) }),
    );

    app.post(
      apiRoutes.newsletterCampaignTest,
      { schema: byIdSchema({ 202: dataEnvelope(z.object({ to: z.string() })) }) },
      async (request, reply) => {
        const to = await campaignAnswer(
          campaigns.sendTest(request.params.id, request.session.get('adminId')),
        );
        return reply.code(202).send({ data: { to } });
      },
    );

    app.post(
      apiRoutes.newsletterCampaignSend,
      { schema: byIdSchema({ 202: dataEnvelope(CampaignSchema), 409: ApiErrorSchema }) },
      async (request, reply) =>
        reply.code(202).send({ data: await campaignAnswer(campaigns.send(request.params.id)) }),
    );

    app.post(
      apiRoutes.newsletterCampaignResend,
      { schema: byIdSchema({ 202: dataEnvelope(CampaignSchema) }) },
      async (request, reply) =>
        reply.code(202).send({ data: await campaignAnswer(campaigns.resendUncertain(request.params.id)) }),
    );
  };
}
