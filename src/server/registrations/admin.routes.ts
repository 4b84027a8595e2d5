import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../shared/api-paths.ts';
import { ApiErrorSchema, dataEnvelope } from '../../shared/schemas.ts';
import {
  RegistrationAnswerSchema,
  RegistrationBodySchema,
  REGISTRATION_STATUSES,
  RegistrationFillSchema,
} from '../../shared/registrations.ts';
import { notFound } from '../plugins/errors.ts';
import { eventRegistrations, registrationsCsv, registrationsSummary } from './admin.service.ts';
import { answerSignUp, signUpOrRefuse } from './answers.ts';
import { registrationWithEvent } from './manage.service.ts';
import { cancel } from './waitlist.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(64) });

export const AdminRegistrationSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  /** The waitlist place drawn at sign-up (also kept once promoted). */
  place: z.number().nullable(),
  source: z.string(),
  createdAt: z.string(),
  checkedInAt: z.string().nullable(),
});

/**
 * The admin's side of an event's registrations: the list with the counts against capacity, the CSV,
 * adding a person by hand, and cancelling one (the next in line is promoted). Registered in an admin
 * scope: every write is in the activity log.
 */
export const registrationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoutes.registrationsSummary,
    { schema: { response: { 200: dataEnvelope(z.array(RegistrationFillSchema)) } } },
    async () => ({ data: await registrationsSummary(app.db) }),
  );

  app.get(
    apiRoutes.eventRegistrationsAdmin,
    {
      schema: {
        params: IdParams,
        response: {
          200: z.object({
            data: z.array(AdminRegistrationSchema),
            registration: z.object({
              enabled: z.boolean(),
              capacity: z.number().nullable(),
              confirmed: z.number(),
              waitlisted: z.number(),
              checkedIn: z.number(),
            }),
          }),
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const list = await eventRegistrations(app.db, request.params.id);
      if (!list) throw notFound();
      return list;
    },
  );

  app.get(apiRoutes.eventRegistrationsCsv, { schema: { params: IdParams } }, async (request, reply) => {
    const csv = await registrationsCsv(app.db, request.params.id);
    if (!csv) throw notFound();
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="registro-${csv.slug}.csv"`)
      .send(csv.file);
  });

  app.post(
    apiRoutes.eventRegistrationsAdmin,
    {
      schema: {
        params: IdParams,
        body: RegistrationBodySchema,
        response: {
          200: dataEnvelope(RegistrationAnswerSchema),
          201: dataEnvelope(RegistrationAnswerSchema),
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { website: _ignored, ...form } = request.body.data;
      const outcome = await signUpOrRefuse(app, request.params.id, form, 'admin');
      if (outcome.kind === 'spam') throw notFound();
      return answerSignUp(reply, outcome);
    },
  );

  app.post(
    apiRoutes.registrationCancel,
    {
      schema: {
        params: IdParams,
        response: {
          200: dataEnvelope(z.object({ cancelled: z.boolean(), promoted: z.number() })),
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const found = await registrationWithEvent(app.db, request.params.id);
      if (!found) throw notFound();
      const outcome = await cancel(app, found.row);
      return { data: { cancelled: outcome.cancelled, promoted: outcome.promoted.length } };
    },
  );
};
