import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../shared/api-paths.ts';
import { registrationPaths } from '../../shared/registration-paths.ts';
import { clock } from '../../shared/clock.ts';
import { ApiErrorSchema, dataEnvelope } from '../../shared/schemas.ts';
import {
  RegistrationAnswerSchema,
  RegistrationBodySchema,
  REGISTRATION_STATUSES,
} from '../../shared/registrations.ts';
import { toEvent } from '../db/event-row.ts';
import { toCsv } from '../lib/csv.ts';
import { notFound } from '../plugins/errors.ts';
import { acceptRegistration } from './accept-registration.ts';
import { checkInLoginPage, checkInPage } from './pages.ts';
import {
  cancelRegistration,
  checkIn,
  findById,
  listForEvent,
  type RegistrationRow,
} from './registrations.repository.ts';

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

const toAdmin = (row: RegistrationRow) => ({
  id: row.id,
  fullName: row.full_name,
  email: row.email,
  status: row.status,
  place: row.place,
  source: row.source,
  createdAt: row.created_at,
  checkedInAt: row.checked_in_at,
});

const STATUS_LABELS = { confirmed: 'Confirmada', waitlisted: 'En lista de espera', cancelled: 'Cancelada' };
const CSV_HEADER = [
  'Nombre completo',
  'Correo electrónico',
  'Estado',
  'Lugar en la lista',
  'Registro',
  'Asistencia',
];

/**
 * The admin's side of an event's registrations: the list with the counts against capacity, the CSV,
 * adding a person by hand, cancelling one (the next in line is promoted), and the check-in page the QR
 * code opens at the door. Registered in an admin scope: every write is in the activity log.
 */
export const registrationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const eventRow = (id: string) =>
    app.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();

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
      const row = await eventRow(request.params.id);
      if (!row) throw notFound();
      const rows = await listForEvent(app.db, row.id);
      const event = toEvent(row);
      return {
        data: rows.map(toAdmin),
        registration: {
          ...event.registration!,
          checkedIn: rows.filter((r) => r.checked_in_at !== null && r.status === 'confirmed').length,
        },
      };
    },
  );

  app.get(apiRoutes.eventRegistrationsCsv, { schema: { params: IdParams } }, async (request, reply) => {
    const row = await eventRow(request.params.id);
    if (!row) throw notFound();
    const rows = await listForEvent(app.db, row.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="registro-${row.slug}.csv"`)
      .send(
        toCsv(
          CSV_HEADER,
          rows.map((r) => [
            r.full_name,
            r.email,
            STATUS_LABELS[r.status],
            r.place ?? '',
            clock.formatNumeric(r.created_at),
            r.checked_in_at ? clock.formatNumeric(r.checked_in_at) : '',
          ]),
        ),
      );
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
      const outcome = await acceptRegistration(app, request.params.id, form, 'admin');
      if (outcome.kind === 'spam') throw notFound();
      const status = outcome.status === 'cancelled' ? 'confirmed' : outcome.status;
      return reply
        .code(outcome.kind === 'new' ? 201 : 200)
        .send({ data: { status, ...(outcome.position ? { position: outcome.position } : {}) } });
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
      const found = await findById(app.db, request.params.id);
      if (!found) throw notFound();
      const outcome = await app.db
        .transaction()
        .execute((trx) => cancelRegistration(trx, found.row, app.registrations.context));
      if (outcome.cancelled) {
        app.registrationCounts.changed();
        app.mailWorker.wake();
      }
      return { data: { cancelled: outcome.cancelled, promoted: outcome.promoted.length } };
    },
  );
};

/**
 * The check-in page the QR code opens at the door, in a session scope: with an admin session, the person
 * and the button that checks her in; without one, a page that says to log in, and nothing personal.
 */
export const checkInPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  // The QR code's address: with an admin session, the person and the button; without, nothing personal.
  const page = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(body);

  app.get<{ Params: { id: string } }>(registrationPaths.checkInPattern, async (request, reply) => {
    try {
      await app.requireAdmin.call(app, request, reply);
    } catch {
      return page(reply, 401, checkInLoginPage());
    }
    const found = await findById(app.db, request.params.id);
    if (!found)
      return page(
        reply,
        404,
        checkInLoginPage().replace('Para registrar', 'No encontramos este registro. Para registrar'),
      );
    return page(reply, 200, checkInPage({ ...found, already: found.row.checked_in_at !== null }));
  });

  app.post<{ Params: { id: string } }>(
    registrationPaths.checkInPattern,
    { config: { sameOriginPost: true } },
    async (request, reply) => {
      try {
        await app.requireAdmin.call(app, request, reply);
      } catch {
        return page(reply, 401, checkInLoginPage());
      }
      const found = await findById(app.db, request.params.id);
      if (!found) return page(reply, 404, checkInLoginPage());
      const first = await checkIn(app.db, found.row.id);
      const now = await findById(app.db, found.row.id);
      return page(reply, 200, checkInPage({ ...now!, justNow: first, already: !first }));
    },
  );
};
