import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import { registrationPaths } from '../../shared/registration-paths.ts';
import { apiMessages } from '../../shared/messages.ts';
import { fieldMessages } from '../../shared/schemas.ts';
import { RegistrationFormSchema } from '../../shared/registrations.ts';
import { HttpError } from '../plugins/errors.ts';
import { publicFormLimit } from '../plugins/security.ts';
import { formFields } from '../site/form-posts.ts';
import { htmlPage, signUpOrRefuse, takeFormPosts } from './answers.ts';
import { cancelByLink, manageView, qrImage } from './manage.service.ts';
import { managePage, notFoundPage, refusedPage, sentPage } from './pages.ts';

const FORM_BODY_LIMIT = 16 * 1024;

/** What the visitor typed, to put back in the form (never the honeypot). */
const valuesOf = (body: Record<string, unknown>) => ({
  fullName: typeof body.fullName === 'string' ? body.fullName.slice(0, 1_000) : '',
  email: typeof body.email === 'string' ? body.email.slice(0, 1_000) : '',
  newsletter: body.newsletter === 'on' ? 'on' : '',
});

/**
 * The sign-up form posted without script (POST, then a 303 to /RegistroEnviado; a refusal is the form
 * again as a page), and the manage page a registration's mail links to, whose button cancels, with the
 * QR code's image. No CSRF token: posts must come from this site (plugins/same-origin.ts, decision 014).
 */
export const registrationPageRoutes: FastifyPluginAsync = async (app) => {
  takeFormPosts(app, FORM_BODY_LIMIT);
  // Visitors are told only of events they may see (a draft is as unknown as any id).
  const eventFor = (id: string | undefined) =>
    id && id.length <= 64 ? app.publishedEvents.find(id).catch(() => undefined) : undefined;

  // A refusal reads as a page too (too many requests, another site's post, registration closed).
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status < 400 || status >= 500) throw error;
    const params = (request.params ?? {}) as { id?: string; token?: string };
    if (params.token !== undefined && status === 404) return htmlPage(reply, 404, notFoundPage());
    const message =
      error instanceof HttpError
        ? error.message
        : status === 413
          ? apiMessages.payloadTooLarge
          : apiMessages.validation;
    return htmlPage(
      reply,
      status,
      refusedPage({
        event: await eventFor(params.id),
        message,
        values: valuesOf(formFields(request.body)),
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
      const body = formFields(request.body);
      const parsed = RegistrationFormSchema.safeParse({
        fullName: body.fullName,
        email: body.email,
        // A ticked box posts `newsletter=on`; unticked, it is not posted at all.
        ...(body.newsletter === 'on' ? { newsletter: true } : {}),
        ...(typeof body.website === 'string' && body.website ? { website: body.website } : {}),
      });
      if (!parsed.success) {
        return htmlPage(
          reply,
          400,
          refusedPage({
            event: await eventFor(request.params.id),
            message: apiMessages.validation,
            fields: fieldMessages(parsed.error.issues),
            values: valuesOf(body),
            open: true,
          }),
        );
      }
      const outcome = await signUpOrRefuse(app, request.params.id, parsed.data);
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
      const position = Number(lugar);
      return htmlPage(
        reply,
        200,
        sentPage({
          status: estado === 'waitlisted' ? 'waitlisted' : 'confirmed',
          position: Number.isInteger(position) && position > 0 ? position : undefined,
          again: ya === '1',
          event: await eventFor(evento),
        }),
      );
    },
  );

  const showManage = async (token: string, reply: FastifyReply, justCancelled = false) => {
    const view = await manageView(app, token);
    if (!view) return htmlPage(reply, 404, notFoundPage());
    return htmlPage(reply, 200, managePage({ ...view, token, justCancelled }));
  };

  app.get<{ Params: { token: string } }>(registrationPaths.managePattern, async (request, reply) => {
    reply.header('X-Robots-Tag', 'noindex').header('Referrer-Policy', 'no-referrer');
    return showManage(request.params.token, reply);
  });

  // The QR code the confirmation mail shows as an image (mail clients load it from here), by a token
  // that draws this image and opens nothing.
  app.get<{ Params: { token: string } }>(
    `${registrationPaths.managePattern}/asistencia.svg`,
    async (request, reply) => {
      const svg = await qrImage(app, request.params.token);
      if (!svg) return htmlPage(reply, 404, notFoundPage());
      return reply.header('Cache-Control', 'private, max-age=3600').type('image/svg+xml').send(svg);
    },
  );

  app.post<{ Params: { token: string } }>(
    registrationPaths.managePattern,
    { config: { sameOriginPost: true, rateLimit: publicFormLimit(app) } },
    async (request, reply) => {
      const outcome = await cancelByLink(app, request.params.token);
      if (!outcome) return htmlPage(reply, 404, notFoundPage());
      if (outcome.cancelled) {
        request.log.info(
          { registrationId: outcome.id, promoted: outcome.promoted.length },
          'registration cancelled',
        );
      }
      reply.header('Referrer-Policy', 'no-referrer');
      return showManage(request.params.token, reply, outcome.cancelled);
    },
  );
};
