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
import { recordAudit } from '../audit/audit.repository.ts';
import { HttpError } from '../plugins/errors.ts';
import { blockPerson, emailHash, findPerson } from './person.ts';

/**
 * A person in one place: everything stored about an address (GET …/person?email=), the same as a
 * JSON file (…/person/export, the Acceso right) and the cancellation of their data (POST
 * …/person/cancel: blocked at once, erased after the blocking period). The export and the cancellation
 * are audited under the address's keyed hash, never the address itself.
 */
export const personRoutes: FastifyPluginAsyncZod = async (app) => {
  const sources = () => app.personData.sources;

  app.get(
    apiRoutes.person,
    { schema: { querystring: PersonQuerySchema, response: { 200: dataEnvelope(PersonRecordSchema) } } },
    async (request) => ({ data: await findPerson(app.db, sources(), request.query.email) }),
  );

  app.get(apiRoutes.personExport, { schema: { querystring: PersonQuerySchema } }, async (request, reply) => {
    const record = await findPerson(app.db, sources(), request.query.email);
    await recordAudit(app.db, {
      adminId: request.session.get('adminId') ?? null,
      action: 'privacy.person.export',
      method: 'GET',
      path: apiRoutes.personExport,
      targetId: emailHash(app.privacyHashKey, record.email),
    });
    const stamp = isoDay(clock.today());
    return reply
      .type('application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="datos-personales-${stamp}.json"`)
      .send(JSON.stringify({ exportedAt: new Date().toISOString(), ...record }, null, 2));
  });

  app.post(
    apiRoutes.personCancel,
    {
      schema: {
        body: PersonCancelBodySchema,
        response: { 200: dataEnvelope(PersonCancelResultSchema), 409: ApiErrorSchema },
      },
    },
    async (request) => {
      const { email } = request.body.data;
      const result = await blockPerson(app.db, sources(), email, app.config.privacyBlockDays);
      if (!result) throw new HttpError(409, 'ALREADY_BLOCKED', privacyMessages.alreadyBlocked);
      request.auditTargetId = emailHash(app.privacyHashKey, email);
      request.auditDetail = `Datos bloqueados; se eliminan después del ${clock.formatShort(result.eraseAfter)}; ${result.cancelledMail} correos pendientes cancelados`;
      return { data: result };
    },
  );
};
