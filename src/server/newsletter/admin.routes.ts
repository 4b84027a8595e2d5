import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CampaignBodySchema,
  CampaignPreviewSchema,
  CampaignQuerySchema,
  CampaignSchema,
  SubscriberItemSchema,
  SubscriberQuerySchema,
  listEnvelope,
} from '../../shared/admin-schemas.ts';
import { apiRoutes } from '../../shared/api-paths.ts';
import { clock, isoDay } from '../../shared/clock.ts';
import { newsletterMessages } from '../../shared/messages.ts';
import { ApiErrorSchema, IdParamSchema, dataEnvelope } from '../../shared/schemas.ts';
import { toCsv } from '../lib/csv.ts';
import { queueMail } from '../mail/outbox.repository.ts';
import { HttpError, notFound } from '../plugins/errors.ts';
import {
  CampaignAlreadySentError,
  campaignProgress,
  campaignsProgress,
  createCampaign,
  getCampaignRow,
  listCampaigns,
  resendUncertain,
  startSending,
  updateCampaign,
  type CampaignProgress,
  type CampaignRow,
} from './campaigns.repository.ts';
import { eachSubscriber, listSubscribers, type SubscriberFilter } from './subscribers.repository.ts';
import { campaignContent, campaignMail } from './templates.ts';
import { newToken } from '../lib/link-tokens.ts';

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pendiente',
  active: 'Activa',
  unsubscribed: 'Dada de baja',
  bounced: 'Rebotada',
};

const alreadySent = () => new HttpError(409, 'ALREADY_SENT', newsletterMessages.alreadySent);

/** The admin's "Boletín": subscribers (list, search, CSV) and campaigns (write, preview, test, send). */
export const newsletterAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const site = { siteUrl: app.config.siteUrl };

  const campaignWith = (row: CampaignRow, progress: CampaignProgress) => ({
    id: row.id,
    subject: row.subject,
    html: row.html,
    createdAt: row.created_at,
    sendStartedAt: row.send_started_at,
    ...progress,
  });
  const campaignOut = async (row: CampaignRow) => campaignWith(row, await campaignProgress(app.db, row));

  app.get(
    apiRoutes.newsletterSubscribers,
    { schema: { querystring: SubscriberQuerySchema, response: { 200: listEnvelope(SubscriberItemSchema) } } },
    async (request) => {
      const { page, perPage, ...filter } = request.query;
      const result = await listSubscribers(app.db, filter as SubscriberFilter, {
        offset: (page - 1) * perPage,
        limit: perPage,
      });
      return { data: result.items, total: result.total };
    },
  );

  app.get(
    apiRoutes.newsletterSubscribersCsv,
    { schema: { querystring: SubscriberQuerySchema.omit({ page: true, perPage: true }) } },
    async (request, reply) => {
      const rows: unknown[][] = [];
      for await (const item of eachSubscriber(app.db, request.query as SubscriberFilter)) {
        rows.push([
          item.email,
          item.fullName ?? '',
          STATUS_LABELS[item.status] ?? item.status,
          clock.formatNumeric(item.since),
          item.source,
          clock.formatNumeric(item.createdAt),
        ]);
      }
      const header = ['Correo', 'Nombre', 'Estado', 'Desde (hora de la Ciudad de México)', 'Origen', 'Alta'];
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="boletin-${isoDay(clock.today())}.csv"`)
        .send(toCsv(header, rows));
    },
  );

  app.get(
    apiRoutes.newsletterCampaigns,
    { schema: { querystring: CampaignQuerySchema, response: { 200: listEnvelope(CampaignSchema) } } },
    async (request) => {
      const { page, perPage } = request.query;
      const { rows, total } = await listCampaigns(app.db, { offset: (page - 1) * perPage, limit: perPage });
      const progress = await campaignsProgress(app.db, rows);
      return { data: rows.map((row, index) => campaignWith(row, progress[index]!)), total };
    },
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
      const id = await createCampaign(app.db, request.body.data);
      return reply.code(201).send({ data: { id } });
    },
  );

  app.get(
    apiRoutes.newsletterCampaign,
    {
      schema: {
        params: IdParamSchema,
        response: { 200: dataEnvelope(CampaignSchema), 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const row = await getCampaignRow(app.db, request.params.id);
      if (!row) throw notFound();
      return { data: await campaignOut(row) };
    },
  );

  app.put(
    apiRoutes.newsletterCampaign,
    {
      schema: {
        params: IdParamSchema,
        body: CampaignBodySchema,
        response: {
          200: dataEnvelope(CampaignSchema),
          400: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      try {
        if (!(await updateCampaign(app.db, request.params.id, request.body.data))) throw notFound();
      } catch (error) {
        if (error instanceof CampaignAlreadySentError) throw alreadySent();
        throw error;
      }
      return { data: await campaignOut((await getCampaignRow(app.db, request.params.id))!) };
    },
  );

  app.get(
    apiRoutes.newsletterCampaignPreview,
    {
      schema: {
        params: IdParamSchema,
        response: { 200: dataEnvelope(CampaignPreviewSchema), 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const row = await getCampaignRow(app.db, request.params.id);
      if (!row) throw notFound();
      const mail = campaignMail(site, campaignContent(row.subject, row.html), 'vista-previa');
      return { data: { subject: mail.subject, html: mail.html ?? '', text: mail.text } };
    },
  );

  app.post(
    apiRoutes.newsletterCampaignTest,
    {
      schema: {
        params: IdParamSchema,
        response: { 202: dataEnvelope(z.object({ to: z.string() })), 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const row = await getCampaignRow(app.db, request.params.id);
      const adminId = request.session.get('adminId');
      const admin = adminId
        ? await app.db.selectFrom('admins').select('email').where('id', '=', adminId).executeTakeFirst()
        : undefined;
      if (!row || !admin) throw notFound();
      // A test copy: its unsubscribe link names no subscriber (it opens the unknown-link page).
      const mail = campaignMail(site, campaignContent(`[Prueba] ${row.subject}`, row.html), newToken());
      await queueMail(
        app.db,
        [{ purpose: 'newsletter-test', to: admin.email, ...mail, refId: row.id }],
        app.config.mailFrom,
      );
      app.mailWorker.wake();
      return reply.code(202).send({ data: { to: admin.email } });
    },
  );

  app.post(
    apiRoutes.newsletterCampaignSend,
    {
      schema: {
        params: IdParamSchema,
        response: {
          202: dataEnvelope(CampaignSchema),
          404: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        if (!(await startSending(app.db, request.params.id))) throw notFound();
      } catch (error) {
        if (error instanceof CampaignAlreadySentError) throw alreadySent();
        throw error;
      }
      app.newsletter.queueInBackground(request.params.id);
      const row = (await getCampaignRow(app.db, request.params.id))!;
      return reply.code(202).send({ data: await campaignOut(row) });
    },
  );

  app.post(
    apiRoutes.newsletterCampaignResend,
    {
      schema: {
        params: IdParamSchema,
        response: { 202: dataEnvelope(CampaignSchema), 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const row = await getCampaignRow(app.db, request.params.id);
      if (!row) throw notFound();
      if ((await resendUncertain(app.db, row.id)) > 0) app.mailWorker.wake();
      return reply.code(202).send({ data: await campaignOut(row) });
    },
  );
};
