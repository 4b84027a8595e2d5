import { MapPin } from 'lucide-react';
import type { Event } from '../../../shared/schemas.ts';
import { Dialog, DialogTitle } from '../../components/dialog.tsx';
import { ContentImage } from '../../components/content-image.tsx';
import { EventActions } from './event-actions.tsx';
import './event-dialog.css';

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
          <ContentImage
            className="event-dialog__image"
            src={image}
            sizes="(max-width: 640px) 95vw, 600px"
            width={1200}
            height={800}
            decoding="async"
          />
          <div className="event-dialog__text">
            <DialogTitle className="event-dialog__title">{event.name}</DialogTitle>
            <p className="event-dialog__where">
              <MapPin aria-hidden="true" size={18} />
              <span>
                {event.location}, {event.date}
              </span>
            </p>
            <EventActions event={event} />
          </div>
        </article>
      ) : null}
    </Dialog>
  );
}
