import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../shared/api-paths.ts';
import {
  memberMessages,
  PaymentBodySchema,
  PaymentResultSchema,
  StatementAcceptBodySchema,
  StatementLineSchema,
} from '../../shared/member-schemas.ts';
import { ApiErrorSchema, IdParamSchema, dataEnvelope } from '../../shared/schemas.ts';
import { HttpError, notFound } from '../plugins/errors.ts';
import { adminOf, csvBody, takeCsv } from './request-parts.ts';
import { issueRenewal, receiptOf, recordPayment } from './payments.service.ts';
import { acceptMatches, matchStatement } from './statement.service.ts';

const ReceiptParams = z.object({ id: z.string().min(1).max(200), paymentId: z.string().min(1).max(200) });

/**
 * Dues, for staff: a payment recorded by hand (201 with its receipt; the same one again answers 200
 * with the first receipt), a renewal's reference, a receipt as PDF, and the bank's statement read,
 * matched and accepted.
 */
export const memberPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = app.members;
  takeCsv(app);

  app.post(
    apiRoutes.memberPayments,
    {
      schema: {
        params: IdParamSchema,
        body: PaymentBodySchema,
        response: {
          200: dataEnvelope(PaymentResultSchema),
          201: dataEnvelope(PaymentResultSchema),
          400: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { result, created } = await recordPayment(
        context,
        request.params.id,
        request.body.data,
        adminOf(request),
      );
      request.auditDetail = `Recibo ${result.receipt}`;
      return reply.code(created ? 201 : 200).send({ data: result });
    },
  );

  // A renewal's reference, issued by staff (a member asks for hers on her page); the one still waiting
  // is answered again rather than a second one issued.
  app.post(
    apiRoutes.memberRenewal,
    {
      schema: {
        params: IdParamSchema,
        response: {
          200: dataEnvelope(z.object({ reference: z.string(), amountCents: z.number() })),
          409: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const outcome = await issueRenewal(context, request.params.id, adminOf(request));
      if (!outcome) throw new HttpError(409, 'NOT_RENEWABLE', memberMessages.notPayable);
      request.auditDetail = `Referencia ${outcome.payment.reference}`;
      const { payment } = outcome;
      const amountCents = Number('amountCents' in payment ? payment.amountCents : payment.amount_cents);
      return { data: { reference: payment.reference, amountCents } };
    },
  );

  app.get(apiRoutes.memberReceipt, { schema: { params: ReceiptParams } }, async (request, reply) => {
    const receipt = await receiptOf(context, request.params.id, request.params.paymentId);
    if (!receipt) throw notFound();
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="recibo-${receipt.folio}.pdf"`)
      .send(receipt.pdf);
  });

  app.post(
    apiRoutes.membershipStatement,
    {
      schema: {
        response: {
          200: dataEnvelope(z.array(StatementLineSchema)),
          400: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
    },
    async (request) => ({ data: await matchStatement(context, csvBody(request)) }),
  );

  app.post(
    apiRoutes.membershipStatementAccept,
    {
      schema: {
        body: StatementAcceptBodySchema,
        response: {
          200: dataEnvelope(
            z.object({
              recorded: z.array(
                z.object({ reference: z.string(), receipt: z.string(), memberId: z.string() }),
              ),
              refused: z.array(z.object({ reference: z.string(), reason: z.string() })),
            }),
          ),
          400: ApiErrorSchema,
        },
      },
    },
    async (request) => ({ data: await acceptMatches(context, request.body.data.matches, adminOf(request)) }),
  );
};
