import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, IdParamSchema, dataEnvelope } from '../../shared/schemas.ts';
import { HttpError, notFound } from '../plugins/errors.ts';
import {
  InboxItemSchema,
  InboxQuerySchema,
  RequestsSummarySchema,
  RetentionSchema,
  StatusBodySchema,
  listEnvelope,
} from '../../shared/admin-schemas.ts';
import { clock, isoDay } from '../../shared/clock.ts';
import { toCsv } from '../lib/csv.ts';
import {
  deleteRequest,
  getInboxItem,
  listInbox,
  staleRequestCount,
  retryFailedDelivery,
  setRequestStatus,
  type InboxFilter,
  type InboxItem,
} from './inbox.repository.ts';
import { applyRetention } from './retention.ts';
import { RETENTION_KEY, retentionDays, setSetting } from '../db/settings.repository.ts';
import { apiRoutes } from '../../shared/api-paths.ts';

const CSV_MAX_ROWS = 50_000;

const DELIVERY_LABELS: Record<string, string> = {
  pendiente: 'Pendiente',
  enviado: 'Enviado',
  fallido: 'Fallido',
  'sin envío': 'Sin envío (spam)',
};

function csvRows(items: InboxItem[]) {
  return items.map((item) => [
    clock.formatNumeric(item.createdAt),
    item.kind,
    item.status,
    item.fullName,
    item.company,
    item.position,
    item.email,
    item.phoneNumber,
    DELIVERY_LABELS[item.delivery.state] ?? item.delivery.state,
    item.delivery.attempts,
    item.delivery.lastError ?? '',
    item.spam ? 'sí' : 'no',
  ]);
}

const CSV_HEADER = [
  'Fecha (hora de la Ciudad de México)',
  'Tipo',
  'Estado',
  'Nombre',
  'Empresa',
  'Puesto',
  'Correo',
  'Teléfono',
  'Envío del correo',
  'Intentos',
  'Último error',
  'Spam',
] as const;

/** The requests inbox: list, detail, status, retrying a failed delivery, CSV export and retention. */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoutes.requests,
    { schema: { querystring: InboxQuerySchema, response: { 200: listEnvelope(InboxItemSchema) } } },
    async (request) => {
      const { page, perPage, order, ...filter } = request.query;
      const result = await listInbox(app.db, filter as InboxFilter, {
        offset: (page - 1) * perPage,
        limit: perPage,
        order,
      });
      return { data: result.items, total: result.total };
    },
  );

  app.get(
    apiRoutes.requestsSummary,
    { schema: { response: { 200: dataEnvelope(RequestsSummarySchema) } } },
    async () => ({ data: { staleRequests: await staleRequestCount(app.db) } }),
  );

  app.get(
    apiRoutes.requestsCsv,
    { schema: { querystring: InboxQuerySchema.omit({ page: true, perPage: true }) } },
    async (request, reply) => {
      const { order, ...filter } = request.query;
      const { items } = await listInbox(app.db, filter as InboxFilter, {
        offset: 0,
        limit: CSV_MAX_ROWS,
        order,
      });
      const stamp = isoDay(clock.today());
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="solicitudes-${stamp}.csv"`)
        .send(toCsv(CSV_HEADER, csvRows(items)));
    },
  );

  app.get(
    apiRoutes.request,
    {
      schema: {
        params: IdParamSchema,
        response: { 200: dataEnvelope(InboxItemSchema), 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const item = await getInboxItem(app.db, request.params.id);
      if (!item) throw notFound();
      return { data: item };
    },
  );

  // One request deleted at a visitor's or the staff's wish; the audit hook records who did it.
  app.delete(
    apiRoutes.request,
    {
      schema: {
        params: IdParamSchema,
        response: { 200: dataEnvelope(z.object({ id: z.string() })), 404: ApiErrorSchema },
      },
    },
    async (request) => {
      if (!(await deleteRequest(app.db, request.params.id))) throw notFound();
      return { data: { id: request.params.id } };
    },
  );

  app.put(
    apiRoutes.requestStatus,
    {
      schema: {
        params: IdParamSchema,
        body: StatusBodySchema,
        response: { 200: dataEnvelope(InboxItemSchema), 404: ApiErrorSchema },
      },
    },
    async (request) => {
      if (!(await setRequestStatus(app.db, request.params.id, request.body.status))) throw notFound();
      return { data: (await getInboxItem(app.db, request.params.id))! };
    },
  );

  app.post(
    apiRoutes.requestRetry,
    {
      schema: {
        params: IdParamSchema,
        response: { 200: dataEnvelope(InboxItemSchema), 404: ApiErrorSchema, 409: ApiErrorSchema },
      },
    },
    async (request) => {
      const item = await getInboxItem(app.db, request.params.id);
      if (!item) throw notFound();
      const requeued = await retryFailedDelivery(app.db, item.id);
      if (requeued === 0) {
        throw new HttpError(
          409,
          'NOTHING_TO_RETRY',
          'Esta solicitud no tiene envíos fallidos que reintentar.',
        );
      }
      app.mailWorker.wake();
      return { data: (await getInboxItem(app.db, item.id))! };
    },
  );

  app.get(
    apiRoutes.retention,
    { schema: { response: { 200: dataEnvelope(RetentionSchema) } } },
    async () => ({
      data: { retentionDays: await retentionDays(app.db, app.config.requestRetentionDays) },
    }),
  );

  app.put(
    apiRoutes.retention,
    {
      // Asks for the password again; the other admins are told (accounts/step-up.ts, decision 035).
      ...app.stepUp((request) => {
        const days = (request.body as { retentionDays: number | null }).retentionDays;
        return days === null
          ? 'desactivó la eliminación automática de solicitudes'
          : `cambió la conservación de solicitudes a ${days} ${days === 1 ? 'día' : 'días'}`;
      }),
      schema: {
        body: RetentionSchema,
        response: { 200: dataEnvelope(RetentionSchema.extend({ deleted: z.number() })) },
      },
    },
    async (request) => {
      const days = request.body.retentionDays;
      await setSetting(app.db, RETENTION_KEY, days === null ? '' : String(days));
      const deleted = await applyRetention(app, request.session.get('adminId') ?? null);
      return { data: { retentionDays: days, deleted } };
    },
  );
};
