import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '../../shared/api-paths.ts';
import { clock, isoDay } from '../../shared/clock.ts';
import { privacyMessages } from '../../shared/messages.ts';
import {
  PersonCancelBodySchema,
  PersonCancelResultSchema,
  PersonQuerySchema,
  PersonRecordSchema,
} from '../../shared/privacy-schemas.ts';
import { ApiErrorSchema, dataEnvelope } from '../../shared/schemas.ts';
import { HttpError } from '../plugins/errors.ts';
import { cancelPerson, exportPerson, findPerson } from './person.service.ts';

/**
 * A person in one place: everything stored about an address (GET …/person?email=), the same as a
 * JSON file (…/person/export, the Acceso right) and the cancellation of their data (POST
 * …/person/cancel: blocked at once, erased after the blocking period; it asks for the step-up, as
 * deleting an admin does).
 */
export const personRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoutes.person,
    { schema: { querystring: PersonQuerySchema, response: { 200: dataEnvelope(PersonRecordSchema) } } },
    async (request) => ({ data: await findPerson(app.db, app.personData.sources, request.query.email) }),
  );

  app.get(apiRoutes.personExport, { schema: { querystring: PersonQuerySchema } }, async (request, reply) => {
    const file = await exportPerson(app, request.query.email, request.session.get('adminId') ?? null);
    return reply
      .type('application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="datos-personales-${isoDay(clock.today())}.json"`)
      .send(JSON.stringify(file, null, 2));
  });

  app.post(
    apiRoutes.personCancel,
    {
      // Erasure follows the blocking period and cannot be undone: a freshly confirmed password first.
      ...app.stepUp(() => 'canceló los datos personales de una persona (bloqueo y borrado posterior)'),
      schema: {
        body: PersonCancelBodySchema,
        response: { 200: dataEnvelope(PersonCancelResultSchema), 409: ApiErrorSchema },
      },
    },
    async (request) => {
      const cancelled = await cancelPerson(app, request.body.data.email);
      if (!cancelled) throw new HttpError(409, 'ALREADY_BLOCKED', privacyMessages.alreadyBlocked);
      request.auditTargetId = cancelled.audit.targetId;
      request.auditDetail = cancelled.audit.detail;
      return { data: cancelled.blocked };
    },
  );
};
