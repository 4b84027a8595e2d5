import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { apiMessages } from '../../shared/messages.ts';
import type { RegistrationPagesData } from '../../shared/registration-pages.ts';
import { registrationPaths } from '../../shared/registration-paths.ts';
import { RegistrationFormSchema } from '../../shared/registrations.ts';
import { fieldMessages } from '../../shared/schemas.ts';
import { notFound } from '../plugins/errors.ts';
import { publicFormLimit } from '../plugins/security.ts';
import { formFields, privatePage, takePlainForms } from '../site/form-posts.ts';
import { signUpOrRefuse } from './answers.ts';
import { cancelByLink, manageView, qrImage } from './manage.service.ts';
import { eventSummary, manageData, sentData } from './page-data.ts';

const FORM_BODY_LIMIT = 16 * 1024;

/** What the visitor typed, to put back in the form (never the honeypot). */
const valuesOf = (body: Record<string, unknown>) => ({
  fullName: typeof body.fullName === 'string' ? body.fullName.slice(0, 1_000) : '',
  email: typeof body.email === 'string' ? body.email.slice(0, 1_000) : '',
  newsletter: body.newsletter === 'on' ? 'on' : '',
});

/**
 * The sign-up form posted without script (POST, then a 303 to /RegistroEnviado; mistakes are the form
 * again as a page), and the manage page a registration's mail links to, whose button cancels, with the
 * QR code's image. Every page is drawn by the site's frame (src/web/pages/registro) for one answer;
 * posts go through the one plain-form path (site/form-posts.ts): a refusal (another site's post, too
 * many posts, an unknown or draft event, registration closed) is one kept page per message, with
 * nothing read from the database. No CSRF token: posts must come from this site (decision 014).
 */
export const registrationPageRoutes: FastifyPluginAsync = async (app) => {
  const pages = app.pageRenderer;
  takePlainForms(app, {
    bodyLimit: FORM_BODY_LIMIT,
    // One stand-in address per kind of page: a refusal names no event and no link.
    refusal: (request, _status, message) => ({
      path:
        (request.params as { token?: string }).token === undefined
          ? registrationPaths.send('-')
          : registrationPaths.manage('-'),
      form: { kind: 'registro', values: {}, fields: {}, message },
    }),
  });

  const send = async (reply: FastifyReply, status: number, path: string, data: RegistrationPagesData) =>
    privatePage(reply, status)
      .header('Referrer-Policy', 'no-referrer')
      .send(await pages.renderPrivatePage(path, { data }));

  app.post<{ Params: { id: string } }>(
    registrationPaths.sendPattern,
    {
      // The limit counts a post as it arrives, before the database is read or a page drawn.
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
      const { id } = request.params;
      if (!parsed.success) {
        const event = await app.publishedEvents.find(id);
        if (!event) throw notFound();
        return send(reply, 400, registrationPaths.send(id), {
          kind: 'registro-formulario',
          action: registrationPaths.send(id),
          event: eventSummary(event),
          message: apiMessages.validation,
          fields: fieldMessages(parsed.error.issues),
          values: valuesOf(body),
        });
      }
      const outcome = await signUpOrRefuse(app, id, parsed.data);
      const query = new URLSearchParams({ evento: id });
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
      // Visitors are told only of events they may see (a draft is as unknown as any id).
      const event =
        evento && evento.length <= 64
          ? await app.publishedEvents.find(evento).catch(() => undefined)
          : undefined;
      return send(
        reply,
        200,
        registrationPaths.sent,
        sentData({
          status: estado === 'waitlisted' ? 'waitlisted' : 'confirmed',
          position: Number.isInteger(position) && position > 0 ? position : undefined,
          again: ya === '1',
          event,
        }),
      );
    },
  );

  const showManage = async (token: string, reply: FastifyReply, justCancelled = false) => {
    const path = registrationPaths.manage(token);
    const view = await manageView(app, token);
    if (!view) return send(reply, 404, path, { kind: 'registro-desconocido' });
    return send(reply, 200, path, manageData({ ...view, token, justCancelled, now: app.publishing.now() }));
  };

  app.get<{ Params: { token: string } }>(registrationPaths.managePattern, async (request, reply) =>
    showManage(request.params.token, reply),
  );

  // The QR code the confirmation mail shows as an image (mail clients load it from here), by a token
  // that draws this image and opens nothing.
  app.get<{ Params: { token: string } }>(
    `${registrationPaths.managePattern}/asistencia.svg`,
    async (request, reply) => {
      const svg = await qrImage(app, request.params.token);
      if (!svg) return send(reply, 404, registrationPaths.manage('-'), { kind: 'registro-desconocido' });
      return reply.header('Cache-Control', 'private, max-age=3600').type('image/svg+xml').send(svg);
    },
  );

  app.post<{ Params: { token: string } }>(
    registrationPaths.managePattern,
    { config: { sameOriginPost: true, rateLimit: publicFormLimit(app) } },
    async (request, reply) => {
      const outcome = await cancelByLink(app, request.params.token);
      if (!outcome)
        return send(reply, 404, registrationPaths.manage(request.params.token), {
          kind: 'registro-desconocido',
        });
      if (outcome.cancelled) {
        request.log.info(
          { registrationId: outcome.id, promoted: outcome.promoted.length },
          'registration cancelled',
        );
      }
      return showManage(request.params.token, reply, outcome.cancelled);
    },
  );
};
