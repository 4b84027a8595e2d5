import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegistrationPagesData } from '../../shared/registration-pages.ts';
import { registrationPaths } from '../../shared/registration-paths.ts';
import { privatePage, takePlainForms } from '../site/form-posts.ts';
import { checkInAtTheDoor, registrationWithEvent } from './manage.service.ts';
import { checkInData } from './page-data.ts';

/**
 * The check-in page the QR code opens at the door, in a session scope: with an admin session, the person
 * and the button that checks her in; without one, a page that says to log in, and nothing personal.
 * Drawn by the site's frame like the other sign-up pages; its post takes the one plain-form path.
 */
export const checkInPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const pages = app.pageRenderer;
  takePlainForms(app, {
    bodyLimit: 1024,
    refusal: (_request, _status, message) => ({
      path: registrationPaths.checkIn('-'),
      form: { kind: 'registro', values: {}, fields: {}, message },
    }),
  });

  const send = async (reply: FastifyReply, status: number, id: string, data: RegistrationPagesData) =>
    privatePage(reply, status).send(await pages.renderPrivatePage(registrationPaths.checkIn(id), { data }));
  const login = (reply: FastifyReply, id: string, status = 401, unknown = false) =>
    send(reply, status, id, { kind: 'asistencia-sesion', unknown });
  const isAdmin = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await app.requireAdmin.call(app, request, reply);
      return true;
    } catch {
      return false;
    }
  };

  app.get<{ Params: { id: string } }>(registrationPaths.checkInPattern, async (request, reply) => {
    const { id } = request.params;
    if (!(await isAdmin(request, reply))) return login(reply, id);
    const found = await registrationWithEvent(app.db, id);
    if (!found) return login(reply, id, 404, true);
    return send(reply, 200, id, checkInData({ ...found, already: true }));
  });

  app.post<{ Params: { id: string } }>(
    registrationPaths.checkInPattern,
    { config: { sameOriginPost: true } },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await isAdmin(request, reply))) return login(reply, id);
      const now = await checkInAtTheDoor(app.db, id);
      if (!now) return login(reply, id, 404, true);
      return send(reply, 200, id, checkInData({ ...now, already: !now.first }));
    },
  );
};
