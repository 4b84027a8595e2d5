import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../shared/api-paths.ts';
import { clock, isoDay } from '../../shared/clock.ts';
import { listEnvelope } from '../../shared/admin-schemas.ts';
import {
  ApproveBodySchema,
  ApproveResultSchema,
  ImportResultSchema,
  MemberDetailSchema,
  MemberListItemSchema,
  MemberListQuerySchema,
  MembersSummarySchema,
  MembershipSettingsBodySchema,
  MembershipSettingsAnswerSchema,
  PlanParamsSchema,
  PlanSchema,
  PlanUpdateBodySchema,
  ReasonBodySchema,
} from '../../shared/member-schemas.ts';
import { ApiErrorSchema, IdParamSchema, dataEnvelope } from '../../shared/schemas.ts';
import { notFound } from '../plugins/errors.ts';
import { approve, reject } from './applications.service.ts';
import { importMembers } from './import.service.ts';
import { leave } from './member-page.service.ts';
import { updatePlan } from './plans.repository.ts';
import { proofContent } from './records.repository.ts';
import { adminOf, csvBody, takeCsv } from './request-parts.ts';
import { bankSettings, saveBankSettings } from './settings.ts';
import { memberDetail, memberList, membersCsv, membersSummary } from './staff.service.ts';

/**
 * The staff's side of the members: the list and its filters, one member with her history, payments
 * and reminders, approving and rejecting applications, a leaving, the plans, the bank details, the
 * summary card, the CSV export and the import. Payments are in admin-payments.routes.ts.
 */
export const memberAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = app.members;
  takeCsv(app);

  app.get(
    apiRoutes.members,
    { schema: { querystring: MemberListQuerySchema, response: { 200: listEnvelope(MemberListItemSchema) } } },
    async (request) => memberList(context, request.query),
  );

  app.get(
    apiRoutes.membersSummary,
    { schema: { response: { 200: dataEnvelope(MembersSummarySchema) } } },
    async () => ({ data: await membersSummary(context) }),
  );

  app.get(
    apiRoutes.membersCsv,
    { schema: { querystring: MemberListQuerySchema } },
    async (request, reply) => {
      const { page: _page, perPage: _perPage, ...filter } = request.query;
      const stream = await membersCsv(context, filter);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="socias-${isoDay(clock.today(context.now()))}.csv"`,
        )
        .send(stream);
    },
  );

  app.post(
    apiRoutes.membersImport,
    {
      schema: {
        querystring: z.object({ notify: z.enum(['0', '1']).optional() }),
        response: { 200: dataEnvelope(ImportResultSchema), 400: ApiErrorSchema, 415: ApiErrorSchema },
      },
    },
    async (request) => ({
      data: await importMembers(context, csvBody(request), {
        notify: request.query.notify === '1',
        adminId: adminOf(request),
      }),
    }),
  );

  app.get(
    apiRoutes.member,
    {
      schema: {
        params: IdParamSchema,
        response: { 200: dataEnvelope(MemberDetailSchema), 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const detail = await memberDetail(context, request.params.id);
      if (!detail) throw notFound();
      return { data: detail };
    },
  );

  app.get(apiRoutes.memberProof, { schema: { params: IdParamSchema } }, async (request, reply) => {
    const proof = await proofContent(app.db, request.params.id);
    if (!proof) throw notFound();
    return reply
      .type(proof.content_type)
      .header('Content-Disposition', 'inline; filename="comprobante"')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(Buffer.from(proof.content));
  });

  app.post(
    apiRoutes.memberApprove,
    {
      schema: {
        params: IdParamSchema,
        body: ApproveBodySchema,
        response: { 200: dataEnvelope(ApproveResultSchema), 404: ApiErrorSchema, 409: ApiErrorSchema },
      },
    },
    async (request) => {
      const payment = await approve(context, request.params.id, adminOf(request), request.body.data.plan);
      request.auditDetail = `Referencia ${payment.reference}`;
      return { data: { status: 'por_pagar' as const, payment } };
    },
  );

  app.post(
    apiRoutes.memberReject,
    {
      schema: {
        params: IdParamSchema,
        body: ReasonBodySchema,
        response: {
          200: dataEnvelope(z.object({ status: z.literal('rechazada') })),
          404: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    async (request) => ({
      data: await reject(context, request.params.id, adminOf(request), request.body.data.reason),
    }),
  );

  app.post(
    apiRoutes.memberLeave,
    {
      schema: {
        params: IdParamSchema,
        body: ReasonBodySchema,
        response: { 200: dataEnvelope(z.object({ status: z.literal('baja') })), 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const left = await leave(context, request.params.id, adminOf(request), request.body.data.reason);
      if (!left && !(await memberDetail(context, request.params.id))) throw notFound();
      if (left) app.pageRenderer.invalidate();
      return { data: { status: 'baja' as const } };
    },
  );

  app.put(
    apiRoutes.membershipPlan,
    {
      schema: {
        params: PlanParamsSchema,
        body: PlanUpdateBodySchema,
        response: { 200: dataEnvelope(PlanSchema), 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const plan = await updatePlan(app.db, request.params.slug, request.body.data, context.now());
      if (!plan) throw notFound();
      app.pageRenderer.invalidate();
      return { data: plan };
    },
  );

  app.get(
    apiRoutes.membershipSettings,
    { schema: { response: { 200: dataEnvelope(MembershipSettingsAnswerSchema.nullable()) } } },
    async () => ({ data: (await bankSettings(app.db)) ?? null }),
  );

  app.put(
    apiRoutes.membershipSettings,
    {
      schema: {
        body: MembershipSettingsBodySchema,
        response: { 200: dataEnvelope(MembershipSettingsAnswerSchema), 400: ApiErrorSchema },
      },
    },
    async (request) => {
      await saveBankSettings(app.db, request.body.data);
      return { data: request.body.data };
    },
  );
};
