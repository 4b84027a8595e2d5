import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { registrationPaths } from '../../shared/registration-paths.ts';
import { preparedQuery } from '../db/compiled-queries.ts';
import { notFound } from '../plugins/errors.ts';

/** The public routes that act on one event by its id (`:id`), besides the content's own. */
const PUBLIC_EVENT_ROUTES = new Set<string>([registrationPaths.apiPattern, registrationPaths.sendPattern]);

/**
 * An event that is not public yet (a draft, or scheduled for later) does not exist for visitors: the
 * public routes that take an event's id — the sign-up's API and form post — answer 404 for it, before
 * anything else is done with the request, as they do for an unknown id. Added to those routes as they
 * are registered, so the registrations domain needs to know nothing of publication (decision 034).
 */
export function guardUnpublishedEvents(app: FastifyInstance, now: () => Date): void {
  const guard: onRequestHookHandler = async (request) => {
    const { id } = (request.params ?? {}) as { id?: string };
    if (!id) throw notFound();
    const { rows } = await publicEvent.execute(app.db, { id, now: now().toISOString() });
    if (rows.length === 0) throw notFound();
  };
  app.addHook('onRoute', (route) => {
    if (!PUBLIC_EVENT_ROUTES.has(route.url)) return;
    const methods = [route.method].flat();
    if (!methods.includes('POST')) return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...own, guard];
  });
}

/**
 * Whether an event is public now (`isPublicAt` of table-repository.ts, in SQL): every sign-up asks, so
 * the query is compiled once (decision 038) and reads only the columns it needs.
 */
const publicEvent = preparedQuery(['id', 'now'], (db, value) =>
  db
    .selectFrom('events')
    .select('id')
    .where('id', '=', value('id'))
    .where((eb) =>
      eb.or([
        eb('status', '=', 'published'),
        eb.and([eb('status', '=', 'scheduled'), eb('publish_at', '<=', value('now'))]),
      ]),
    ),
);
