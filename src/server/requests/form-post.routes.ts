import type { FastifyPluginAsync } from 'fastify';
import { requestPaths } from '../../shared/api-paths.ts';
import { formFields, sentPage, takePlainForm } from '../site/form-posts.ts';
import { acceptContactRequest, readRequestForm, requestFormKind } from './accept-request.ts';

/**
 * The contact and membership forms posted as plain HTML forms, when no script has run (with script
 * they use POST /api/mail/contact), through the site's one path for plain posts (site/form-posts.ts):
 * POST /Solicitud takes the request exactly as the API does and redirects (303) to /SolicitudEnviada.
 * Only here do form bodies reach the requests: the API itself keeps refusing them (415).
 */
export const formPostRoutes: FastifyPluginAsync = async (app) => {
  takePlainForm(app, {
    path: requestPaths.send,
    // A request form holds a few short fields; anything larger is not one.
    bodyLimit: 16 * 1024,
    refused: (request) => ({ kind: requestFormKind(formFields(request.body)), values: {}, fields: {} }),
    read: readRequestForm,
    accept: async (request, log) => {
      await acceptContactRequest(app, log, request);
      return requestPaths.sent;
    },
  });
  sentPage(app, requestPaths.sent);
};
