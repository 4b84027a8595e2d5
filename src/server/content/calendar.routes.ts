import ical, { ICalCalendarMethod } from 'ical-generator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventEnd } from '../../shared/calendar-links.ts';
import { upcomingEvents } from '../../shared/clock.ts';
import type { Event } from '../../shared/schemas.ts';
import { notFound } from '../plugins/errors.ts';
import { eventsRepository } from './events.repository.ts';
import { organisation } from '../../shared/organisation.ts';
import { apiRoutes } from '../../shared/api-paths.ts';

const CALENDAR_NAME = `Eventos — ${organisation.name}`;

/**
 * An iCalendar document with the given events; UIDs are stable (the event id at the site's host). Times
 * are written in UTC ("…Z"): every calendar shows them in its reader's zone, so no VTIMEZONE is needed.
 */
export function eventsCalendar(events: readonly Event[], siteUrl: string): string {
  const host = new URL(siteUrl).host;
  const calendar = ical({
    name: CALENDAR_NAME,
    prodId: { company: host, product: 'eventos', language: 'ES' },
  });
  calendar.method(ICalCalendarMethod.PUBLISH);
  for (const event of events) {
    calendar.createEvent({
      id: `${event.id}@${host}`,
      start: new Date(event.eventDate),
      end: eventEnd(event),
      summary: event.name,
      description: `${event.description}\n\n${event.linkEvent}`,
      location: event.location,
      url: event.linkEvent,
    });
  }
  return calendar.toString();
}

/** Events still to come, for the subscribable feed: an event stays listed until its local day ends. */

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(apiRoutes.eventsFeed, async (_request, reply) => {
    const events = upcomingEvents(await eventsRepository.list(app.db, app.publishing.now()));
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/calendar; charset=utf-8')
      .send(eventsCalendar(events, app.config.siteUrl));
  });

  app.get(
    apiRoutes.eventFile,
    { schema: { params: z.object({ file: z.string().regex(/^.{1,200}\.ics$/) }) } },
    async (request, reply) => {
      const event = await eventsRepository.get(
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
