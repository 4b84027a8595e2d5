import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { upcomingEvents } from '../../shared/clock.ts';
import { eventsCalendar } from '../lib/calendar-file.ts';
import { notFound } from '../plugins/errors.ts';
import { eventsContent } from './content.service.ts';
import { apiRoutes } from '../../shared/api-paths.ts';

/** Events still to come, for the subscribable feed: an event stays listed until its local day ends. */

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(apiRoutes.eventsFeed, async (_request, reply) => {
    const events = upcomingEvents(await eventsContent.list(app.db, app.publishing.now()));
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/calendar; charset=utf-8')
      .send(eventsCalendar(events, app.config.siteUrl));
  });

  app.get(
    apiRoutes.eventFile,
    { schema: { params: z.object({ file: z.string().regex(/^.{1,200}\.ics$/) }) } },
    async (request, reply) => {
      const event = await eventsContent.get(
        app.db,
        request.params.file.replace(/\.ics$/, ''),
        app.publishing.now(),
      );
      if (!event) throw notFound();
      return reply
        .header('Cache-Control', 'no-cache')
        .header('Content-Disposition', 'attachment; filename="evento.ics"')
        .type('text/calendar; charset=utf-8')
        .send(eventsCalendar([event], app.config.siteUrl));
    },
  );
};
