import { CalendarPlus, Download, ExternalLink } from 'lucide-react';
import { eventIcsPath, googleCalendarUrl } from '../../../shared/calendar-links.ts';
import type { Event } from '../../../shared/schemas.ts';
import { ExternalButtonLink } from '../../components/button.tsx';
import { calendar } from '../../content/home.ts';
import './event-dialog.css';

/** "Agregar a mi calendario" (the event's .ics file) and "Agregar a Google Calendar". */
export function EventCalendarLinks({ event }: { event: Event }) {
  return (
    <div className="event-dialog__calendar">
      <a className="event-dialog__calendar-link" href={eventIcsPath(event.id)} download="evento.ics">
        <Download aria-hidden="true" size={18} />
        Agregar a mi calendario
      </a>
      <a
        className="event-dialog__calendar-link"
        href={googleCalendarUrl(event)}
        target="_blank"
        rel="noopener noreferrer"
      >
        <CalendarPlus aria-hidden="true" size={18} />
        Agregar a Google Calendar
        <span className="sr-only"> (se abre en una pestaña nueva)</span>
      </a>
    </div>
  );
}

/** What a visitor can do with an event: visit its site (new tab) and add it to a calendar. */
export function EventActions({ event }: { event: Event }) {
  return (
    <>
      <ExternalButtonLink href={event.linkEvent} variant="primary" iconEnd={<ExternalLink />}>
        {calendar.visitSite}
        <span className="sr-only"> (se abre en una pestaña nueva)</span>
      </ExternalButtonLink>
      <EventCalendarLinks event={event} />
    </>
  );
}
