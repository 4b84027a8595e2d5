import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '../../shared/api-paths.ts';
import { ARCO_STATUS_LABELS } from '../../shared/arco.ts';
import { listEnvelope } from '../../shared/admin-schemas.ts';
import {
  ArcoItemSchema,
  ArcoQuerySchema,
  ArcoStatusBodySchema,
  PrivacySummarySchema,
} from '../../shared/privacy-schemas.ts';
import { ApiErrorSchema, IdParamSchema, dataEnvelope } from '../../shared/schemas.ts';
import { auditOf } from '../audit/audit.repository.ts';
import { notFound } from '../plugins/errors.ts';
import { arcoDeadlineSummary, getArcoRequest, listArcoRequests, setArcoStatus } from './arco.repository.ts';

/** The admin's "Derechos ARCO": the list, one request with its history, its status, and the summary. */
export const arcoAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const withHistory = async (id: string) => {
    const item = await getArcoRequest(app.db, id);
    if (!item) return undefined;
    const history = (await auditOf(app.db, id)).map((row) => ({
      at: row.created_at,
      adminEmail: row.admin_email,
      action: row.action,
      detail: row.detail,
    }));
    return { ...item, history };
  };

  app.get(
    apiRoutes.arcoRequests,
    { schema: { querystring: ArcoQuerySchema, response: { 200: listEnvelope(ArcoItemSchema) } } },
    async (request) => {
      const { page, perPage, status, open } = request.query;
      const { items, total } = await listArcoRequests(app.db, {
        offset: (page - 1) * perPage,
        limit: perPage,
        status,
        open: open === 'true',
      });
      return { data: items, total };
    },
  );

  app.get(
    apiRoutes.privacySummary,
    { schema: { response: { 200: dataEnvelope(PrivacySummarySchema) } } },
    async () => ({
      data: await arcoDeadlineSummary(app.db),
    }),
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
      const item = await withHistory(request.params.id);
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
      if (!(await setArcoStatus(app.db, request.params.id, request.body.status))) throw notFound();
      request.auditDetail = `Estado: ${ARCO_STATUS_LABELS[request.body.status]}`;
      return { data: (await withHistory(request.params.id))! };
    },
  );
};
