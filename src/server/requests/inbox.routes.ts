import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '../../shared/schemas.ts';
import {
  InboxItemSchema,
  InboxQuerySchema,
  RequestsSummarySchema,
  RetentionSchema,
  StatusBodySchema,
  listEnvelope,
} from '../../shared/admin-schemas.ts';
import { apiRoutes } from '../../shared/api-paths.ts';
import { csvStream } from '../lib/csv.ts';
import { DeletedSchema, found, recordSchema } from '../lib/route-helpers.ts';
import {
  CSV_HEADER,
  changeStatus,
  exportFileName,
  exportRows,
  findRequest,
  listRequests,
  removeRequest,
  requestsSummary,
  retryDelivery,
} from './inbox.service.ts';
import { currentRetention, retentionChange, setRetention } from './retention.ts';

/** The requests inbox: list, detail, status, retrying a failed delivery, CSV export and retention. */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoutes.requests,
    { schema: { querystring: InboxQuerySchema, response: { 200: listEnvelope(InboxItemSchema) } } },
    async (request) => {
      const { items, total } = await listRequests(app, request.query);
      return { data: items, total };
    },
  );

  app.get(
    apiRoutes.requestsSummary,
    { schema: { response: { 200: dataEnvelope(RequestsSummarySchema) } } },
    async () => ({ data: await requestsSummary(app) }),
  );

  // Written as the requests are read: a long inbox is never held whole.
  app.get(
    apiRoutes.requestsCsv,
    { schema: { querystring: InboxQuerySchema.omit({ page: true, perPage: true }) } },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${exportFileName()}"`)
        .send(csvStream(CSV_HEADER, exportRows(app, request.query))),
  );

  app.get(apiRoutes.request, { schema: recordSchema(InboxItemSchema) }, async (request) => ({
    data: found(await findRequest(app, request.params.id)),
  }));

  // One request deleted at a visitor's or the staff's wish; the audit hook records who did it.
  app.delete(apiRoutes.request, { schema: recordSchema(DeletedSchema) }, async (request) => ({
    data: found(await removeRequest(app, request.params.id)),
  }));

  app.put(
    apiRoutes.requestStatus,
    { schema: { ...recordSchema(InboxItemSchema), body: StatusBodySchema } },
    async (request) => ({
      data: found(await changeStatus(app, request.params.id, request.body.status)),
    }),
  );

  app.post(apiRoutes.requestRetry, { schema: recordSchema(InboxItemSchema, 409) }, async (request) => ({
    data: found(await retryDelivery(app, request.params.id)),
  }));

  app.get(
    apiRoutes.retention,
    { schema: { response: { 200: dataEnvelope(RetentionSchema) } } },
    async () => ({ data: { retentionDays: await currentRetention(app) } }),
  );

  app.put(
    apiRoutes.retention,
    {
      // Asks for the password again; the other admins are told (accounts/step-up.ts, decision 035).
      ...app.stepUp((request) =>
        retentionChange((request.body as z.output<typeof RetentionSchema>).retentionDays),
      ),
      schema: {
        body: RetentionSchema,
        response: { 200: dataEnvelope(RetentionSchema.extend({ deleted: z.number() })) },
      },
    },
    async (request) => {
      const days = request.body.retentionDays;
      const deleted = await setRetention(app, days, request.session.get('adminId') ?? null);
      return { data: { retentionDays: days, deleted } };
    },
  );
};
