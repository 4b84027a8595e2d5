import { calendarPaths } from './api-paths.ts';
import { HOUR_MS } from './clock.ts';
import type { Event } from './schemas.ts';

/** Events carry only a start; calendars get this length unless the association says otherwise. */
export const DEFAULT_EVENT_DURATION_MS = 2 * HOUR_MS;

/** `20270308T170000Z`: the basic UTC form Google Calendar and iCalendar read. */
export function toCalendarUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function eventEnd(event: Pick<Event, 'eventDate'>): Date {
  return new Date(new Date(event.eventDate).getTime() + DEFAULT_EVENT_DURATION_MS);
}

/** A Google Calendar link that opens the "new event" form prefilled with this event. */
export function googleCalendarUrl(
  event: Pick<Event, 'name' | 'eventDate' | 'location' | 'description' | 'linkEvent'>,
) {
  const start = toCalendarUtc(new Date(event.eventDate));
  const end = toCalendarUtc(eventEnd(event));
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.name,
    dates: `${start}/${end}`,
    details: `${event.description}\n\n${event.linkEvent}`,
    location: event.location,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** Where the single-event .ics file of an event is served. */
export const eventIcsPath = (id: string) => calendarPaths.eventFile(`${id}.ics`);
export const EVENTS_FEED_PATH = calendarPaths.feed;
