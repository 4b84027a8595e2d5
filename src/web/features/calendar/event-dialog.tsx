import { CalendarPlus, Download, ExternalLink, MapPin } from 'lucide-react';
import { eventIcsPath, googleCalendarUrl } from '../../../shared/calendar-links.ts';
import type { Event } from '../../../shared/schemas.ts';
import { ExternalButtonLink } from '../../components/button.tsx';
import { Dialog, DialogTitle } from '../../components/dialog.tsx';
import { calendar } from '../../content/home.ts';
import './event-dialog.css';
import { uploadSrcSet } from '../../../shared/images.ts';

export interface EventDialogProps {
  /** The event to show; the dialog is open while it is set. */
  event: Event | undefined;
  onClose: () => void;
}

/** An event's details: first image, name, "place, date" and a link to its site. 600 px wide. */
export function EventDialog({ event, onClose }: EventDialogProps) {
  const image = event?.images[0];
  return (
    <Dialog open={event !== undefined} onClose={onClose} width="600px" className="event-dialog">
      {event ? (
        <article className="event-dialog__content">
          {image ? (
            <img
              className="event-dialog__image"
              src={image}
              srcSet={uploadSrcSet(image)}
              sizes="(max-width: 640px) 95vw, 600px"
              alt=""
              width="1200"
              height="800"
              decoding="async"
            />
          ) : null}
          <div className="event-dialog__text">
            <DialogTitle className="event-dialog__title">{event.name}</DialogTitle>
            <p className="event-dialog__where">
              <MapPin aria-hidden="true" size={18} />
              <span>
                {event.location}, {event.date}
              </span>
            </p>
            <ExternalButtonLink href={event.linkEvent} variant="primary" iconEnd={<ExternalLink />}>
              {calendar.visitSite}
              <span className="sr-only"> (se abre en una pestaña nueva)</span>
            </ExternalButtonLink>
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
          </div>
        </article>
      ) : null}
    </Dialog>
  );
}
