import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '../../shared/api-paths.ts';
import { listEnvelope } from '../../shared/admin-schemas.ts';
import {
  ArcoItemSchema,
  ArcoQuerySchema,
  ArcoStatusBodySchema,
  PrivacySummarySchema,
} from '../../shared/privacy-schemas.ts';
import { ApiErrorSchema, IdParamSchema, dataEnvelope } from '../../shared/schemas.ts';
import { notFound } from '../plugins/errors.ts';
import {
  arcoDeadlineSummary,
  arcoRequestWithHistory,
  changeArcoStatus,
  listArcoRequests,
} from './arco.service.ts';

/** The admin's "Derechos ARCO": the list, one request with its history, its status, and the summary. */
export const arcoAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoutes.arcoRequests,
    { schema: { querystring: ArcoQuerySchema, response: { 200: listEnvelope(ArcoItemSchema) } } },
    async (request) => {
      const { items, total } = await listArcoRequests(app.db, {
        ...request.query,
        open: request.query.open === 'true',
      });
      return { data: items, total };
    },
  );

  app.get(
    apiRoutes.privacySummary,
    { schema: { response: { 200: dataEnvelope(PrivacySummarySchema) } } },
    async () => ({ data: await arcoDeadlineSummary(app.db) }),
  );

  app.get(
    apiRoutes.arcoRequest,
    {
      schema: {
        params: IdParamSchema,
        response: { 200: dataEnvelope(ArcoItemSchema), 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const item = await arcoRequestWithHistory(app.db, request.params.id);
      if (!item) throw notFound();
      return { data: item };
    },
  );

  app.put(
    apiRoutes.arcoRequestStatus,
    {
      schema: {
        params: IdParamSchema,
        body: ArcoStatusBodySchema,
        response: { 200: dataEnvelope(ArcoItemSchema), 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const changed = await changeArcoStatus(app.db, request.params.id, request.body.status);
      if (!changed) throw notFound();
      request.auditDetail = changed.auditDetail;
      return { data: changed.item };
    },
  );
};
