import ical, { ICalCalendarMethod } from 'ical-generator';
import { eventEnd } from '../../shared/calendar-links.ts';
import { organisation } from '../../shared/organisation.ts';
import type { Event } from '../../shared/schemas.ts';

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
