import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../shared/api-paths.ts';
import {
  CertificateSettingsBodySchema,
  CertificateSettingsSchema,
  EventCertificatesSchema,
  RevokeBodySchema,
  SendBodySchema,
  SurveyResultsSchema,
} from '../../shared/certificates.ts';
import { ApiErrorSchema, dataEnvelope } from '../../shared/schemas.ts';
import { notFound } from '../plugins/errors.ts';
import { eventCertificates, putSettings, revoke, surveyCsv, surveyResults } from './admin.service.ts';
import { sendEventFollowups } from './followups.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(64) });
const FolioParams = z.object({ folio: z.string().min(1).max(64) });

/**
 * The staff's side: an event's certificate settings, sending its mail now, its certificates (revoked
 * with a reason) and its survey's results. Registered in an admin scope: every write is logged.
 */
export const certificateAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = app.certificates;

  app.get(
    apiRoutes.eventCertificates,
    {
      schema: {
        params: IdParams,
        response: { 200: dataEnvelope(EventCertificatesSchema), 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const found = await eventCertificates(context, request.params.id);
      if (!found) throw notFound();
      return { data: found };
    },
  );

  app.get(
    apiRoutes.eventCertificate,
    {
      schema: {
        params: IdParams,
        response: { 200: dataEnvelope(CertificateSettingsSchema.nullable()), 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const found = await eventCertificates(context, request.params.id);
      if (!found) throw notFound();
      return { data: found.settings };
    },
  );

  app.put(
    apiRoutes.eventCertificate,
    {
      schema: {
        params: IdParams,
        body: CertificateSettingsBodySchema,
        response: { 200: dataEnvelope(CertificateSettingsSchema), 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      if (!(await putSettings(context, request.params.id, request.body.data))) throw notFound();
      return { data: request.body.data };
    },
  );

  app.post(
    apiRoutes.eventCertificatesSend,
    {
      schema: {
        params: IdParams,
        body: SendBodySchema,
        response: { 202: dataEnvelope(z.object({ queued: z.number() })), 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const found = await eventCertificates(context, request.params.id);
      if (!found) throw notFound();
      const queued = await sendEventFollowups(context, request.params.id, request.body?.data.registrationId);
      return reply.code(202).send({ data: { queued } });
    },
  );

  app.post(
    apiRoutes.certificateRevoke,
    {
      schema: {
        params: FolioParams,
        body: RevokeBodySchema,
        response: { 200: dataEnvelope(z.object({ revoked: z.literal(true) })), 404: ApiErrorSchema },
      },
    },
    async (request) => {
      if (!(await revoke(context, request.params.folio, request.body.data.reason))) throw notFound();
      return { data: { revoked: true as const } };
    },
  );

  app.get(
    apiRoutes.eventSurveyResults,
    {
      schema: { params: IdParams, response: { 200: dataEnvelope(SurveyResultsSchema), 404: ApiErrorSchema } },
    },
    async (request) => {
      const results = await surveyResults(context, request.params.id);
      if (!results) throw notFound();
      return { data: results };
    },
  );

  app.get(apiRoutes.eventSurveyResultsCsv, { schema: { params: IdParams } }, async (request, reply) => {
    const csv = await surveyCsv(context, request.params.id);
    if (csv === undefined) throw notFound();
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="encuesta.csv"')
      .send(csv);
  });
};
