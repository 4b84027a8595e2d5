import type { FastifyPluginAsync } from 'fastify';
import { requestPaths } from '../../shared/api-paths.ts';
import { formFields, privatePage, takePlainForms } from '../site/form-posts.ts';
import { publicFormLimit } from '../plugins/security.ts';
import { acceptContactRequest, readRequestForm, requestFormKind } from './accept-request.ts';

/** A request form holds a few short fields; anything larger is not one. */
const FORM_BODY_LIMIT = 16 * 1024;

/**
 * The contact and membership forms posted as plain HTML forms, when no script has run (with script
 * they use POST /api/mail/contact). POST /Solicitud validates with the forms' own schemas and takes the
 * request exactly as the API does; a stored request is redirected (303) to /SolicitudEnviada, one with
 * mistakes gets the form again as a page, with the values typed and a message by each field to correct,
 * and a refused one (site/form-posts.ts) the form with the reason.
 * No CSRF token: the post must come from this site (plugins/same-origin.ts, decision 014).
 */
export const formPostRoutes: FastifyPluginAsync = async (app) => {
  const pages = app.pageRenderer;

  // Only here: the API itself keeps refusing form bodies (415).
  takePlainForms(app, {
    bodyLimit: FORM_BODY_LIMIT,
    refusal: (request, _status, message) => ({
      path: requestPaths.send,
      form: { kind: requestFormKind(formFields(request.body)), values: {}, fields: {}, message },
    }),
  });

  app.post(
    requestPaths.send,
    // The limit counts the post as it arrives, before anything is read or drawn.
    { config: { sameOriginPost: true, rateLimit: publicFormLimit(app) } },
    async (request, reply) => {
      const form = readRequestForm(formFields(request.body));
      if ('mistakes' in form) {
        return privatePage(reply, 400).send(await pages.renderPrivate(requestPaths.send, form.mistakes));
      }
      await acceptContactRequest(app, request.log, form.request);
      // Post, then redirect: reloading the confirmation does not send the request again.
      return reply.header('Cache-Control', 'no-store').redirect(requestPaths.sent, 303);
    },
  );

  app.get(requestPaths.sent, async (_request, reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .header('X-Robots-Tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(await pages.render(requestPaths.sent)),
  );
};
