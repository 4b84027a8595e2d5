import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registrationPaths } from '../../shared/registration-paths.ts';
import { htmlPage, takeFormPosts } from './answers.ts';
import { checkInAtTheDoor, registrationWithEvent } from './manage.service.ts';
import { checkInLoginPage, checkInPage } from './pages.ts';

/**
 * The check-in page the QR code opens at the door, in a session scope: with an admin session, the person
 * and the button that checks her in; without one, a page that says to log in, and nothing personal.
 */
export const checkInPageRoutes: FastifyPluginAsyncZod = async (app) => {
  takeFormPosts(app, 1024);

  const page = (reply: FastifyReply, status: number, body: string) =>
    htmlPage(reply.header('X-Robots-Tag', 'noindex'), status, body);
  const isAdmin = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await app.requireAdmin.call(app, request, reply);
      return true;
    } catch {
      return false;
    }
  };

  app.get<{ Params: { id: string } }>(registrationPaths.checkInPattern, async (request, reply) => {
    if (!(await isAdmin(request, reply))) return page(reply, 401, checkInLoginPage());
    const found = await registrationWithEvent(app.db, request.params.id);
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
      if (!(await isAdmin(request, reply))) return page(reply, 401, checkInLoginPage());
      const now = await checkInAtTheDoor(app.db, request.params.id);
      if (!now) return page(reply, 404, checkInLoginPage());
      return page(reply, 200, checkInPage({ ...now, justNow: now.first, already: !now.first }));
    },
  );
};
