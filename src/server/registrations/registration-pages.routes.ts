import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import QRCode from 'qrcode';
import { registrationPaths } from '../../shared/registration-paths.ts';
import { apiMessages } from '../../shared/messages.ts';
import { fieldMessages, type Event } from '../../shared/schemas.ts';
import { RegistrationFormSchema } from '../../shared/registrations.ts';
import { toEvent } from '../db/event-row.ts';
import { HttpError } from '../plugins/errors.ts';
import { publicFormLimit } from '../plugins/security.ts';
import { acceptRegistration } from './accept-registration.ts';
import { managePage, notFoundPage, refusedPage, sentPage } from './pages.ts';
import { cancelRegistration, checkInUrl, findByToken, positionOf } from './registrations.repository.ts';

const FORM_BODY_LIMIT = 16 * 1024;

/** The check-in address as an SVG QR code. */
export const checkInQr = (siteUrl: string, id: string) =>
  QRCode.toString(checkInUrl(siteUrl, id), { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);

/**
 * The sign-up form posted without script (POST, then a 303 to /RegistroEnviado; a refusal is the form
 * again as a page), and the manage page a registration's mail links to, whose button cancels. No CSRF
 * token: posts must come from this site (plugins/same-origin.ts, decision 014).
 */
export const registrationPageRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const eventById = async (id: string): Promise<Event | undefined> => {
    const row = await app.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toEvent(row) : undefined;
  };
  const valuesOf = (body: Record<string, unknown>) => ({
    fullName: typeof body.fullName === 'string' ? body.fullName.slice(0, 1_000) : '',
    email: typeof body.email === 'string' ? body.email.slice(0, 1_000) : '',
    newsletter: body.newsletter === 'on' ? 'on' : '',
  });

  // A refusal reads as a page too (too many requests, another site's post, registration closed).
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status < 400 || status >= 500) throw error;
    const params = (request.params ?? {}) as { id?: string; token?: string };
    const event = params.id ? await eventById(params.id).catch(() => undefined) : undefined;
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
      string,
      unknown
    >;
    if (params.token !== undefined && status === 404) return html(reply, 404, notFoundPage());
    const message =
      error instanceof HttpError
        ? error.message
        : status === 413
          ? apiMessages.payloadTooLarge
          : apiMessages.validation;
    return html(
      reply,
      status,
      refusedPage({
        event,
        message,
        values: valuesOf(body),
        open: params.token === undefined && status !== 409 && status !== 404,
      }),
    );
  });

  // The limits count a post as it arrives, before the database is read or a page drawn.
  app.post<{ Params: { id: string } }>(
    registrationPaths.sendPattern,
    {
      config: { sameOriginPost: true, rateLimit: publicFormLimit(app) },
      // After the limit has counted it: a draft's id is as unknown as any.
      preValidation: app.publishedEvents.required,
    },
    async (request, reply) => {
      const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
        string,
        unknown
      >;
      const parsed = RegistrationFormSchema.safeParse({
        fullName: body.fullName,
        email: body.email,
        // A ticked box posts `newsletter=on`; unticked, it is not posted at all.
        ...(body.newsletter === 'on' ? { newsletter: true } : {}),
        ...(typeof body.website === 'string' && body.website ? { website: body.website } : {}),
      });
      if (!parsed.success) {
        const event = await eventById(request.params.id);
        return html(
          reply,
          400,
          refusedPage({
            event,
            message: apiMessages.validation,
            fields: fieldMessages(parsed.error.issues),
            values: valuesOf(body),
            open: true,
          }),
        );
      }
      const outcome = await acceptRegistration(app, request.params.id, parsed.data);
      const query = new URLSearchParams({ evento: request.params.id });
      if (outcome.kind === 'spam') query.set('estado', 'confirmed');
      else {
        query.set('estado', outcome.status);
        if (outcome.position) query.set('lugar', String(outcome.position));
        if (outcome.kind === 'again') query.set('ya', '1');
      }
      return reply.header('Cache-Control', 'no-store').redirect(`${registrationPaths.sent}?${query}`, 303);
    },
  );

  app.get<{ Querystring: Record<string, string | undefined> }>(
    registrationPaths.sent,
    async (request, reply) => {
      const { estado = 'confirmed', lugar, ya, evento } = request.query;
      const event = evento && evento.length <= 64 ? await eventById(evento) : undefined;
      const position = Number(lugar);
      return html(
        reply,
        200,
        sentPage({
          status: estado === 'waitlisted' ? 'waitlisted' : 'confirmed',
          position: Number.isInteger(position) && position > 0 ? position : undefined,
          again: ya === '1',
          event,
        }),
      );
    },
  );

  const showManage = async (token: string, reply: FastifyReply, justCancelled = false) => {
    const found = await findByToken(app.db, token);
    if (!found) return html(reply, 404, notFoundPage());
    const { row, event } = found;
    const position = row.status === 'waitlisted' ? await positionOf(app.db, row) : undefined;
    const qr =
      row.status === 'confirmed'
        ? `data:image/svg+xml;base64,${Buffer.from(await checkInQr(app.config.siteUrl, row.id)).toString('base64')}`
        : undefined;
    return html(reply, 200, managePage({ event, row, position, qrDataUrl: qr, token, justCancelled }));
  };

  app.get<{ Params: { token: string } }>(registrationPaths.managePattern, async (request, reply) => {
    reply.header('X-Robots-Tag', 'noindex').header('Referrer-Policy', 'no-referrer');
    return showManage(request.params.token, reply);
  });

  // The QR code the confirmation mail shows as an image (mail clients load it from here).
  app.get<{ Params: { token: string } }>(
    `${registrationPaths.managePattern}/asistencia.svg`,
    async (request, reply) => {
      const found = await findByToken(app.db, request.params.token);
      if (!found || found.row.status !== 'confirmed') return html(reply, 404, notFoundPage());
      return reply
        .header('Cache-Control', 'private, max-age=3600')
        .type('image/svg+xml')
        .send(await checkInQr(app.config.siteUrl, found.row.id));
    },
  );

  app.post<{ Params: { token: string } }>(
    registrationPaths.managePattern,
    { config: { sameOriginPost: true, rateLimit: publicFormLimit(app) } },
    async (request, reply) => {
      const found = await findByToken(app.db, request.params.token);
      if (!found) return html(reply, 404, notFoundPage());
      const outcome = await app.db
        .transaction()
        .execute((trx) => cancelRegistration(trx, found.row, app.registrations.context));
      if (outcome.cancelled) {
        app.registrationCounts.changed();
        app.mailWorker.wake();
        request.log.info(
          { registrationId: found.row.id, promoted: outcome.promoted.length },
          'registration cancelled',
        );
      }
      reply.header('Referrer-Policy', 'no-referrer');
      return showManage(request.params.token, reply, outcome.cancelled);
    },
  );
};
