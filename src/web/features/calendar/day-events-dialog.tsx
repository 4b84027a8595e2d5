import { ChevronRight } from 'lucide-react';
import { itemPaths } from '../../../shared/api-paths.ts';
import { clock } from '../../../shared/clock.ts';
import type { Event } from '../../../shared/schemas.ts';
import { ContentImage } from '../../components/content-image.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { calendar } from '../../content/home.ts';
import { isPlainClick } from '../../lib/plain-click.ts';
import './day-events-dialog.css';

/** A day of the calendar that holds several events. */
export interface HeldDay {
  day: number;
  /** The month as running text names it ("noviembre"). */
  month: string;
  /** Earliest first. */
  events: readonly Event[];
}

const pad = (value: number) => String(value).padStart(2, '0');

/** "19:00 h": when an event starts, on the association's clock. */
function startTime(event: Event): string {
  const wall = clock.wallTime(event.eventDate);
  return wall ? `${pad(wall.hour)}:${pad(wall.minute)} h` : '';
}

/**
 * The events of one day, earliest first: each opens its own dialog (over this one, which stays for the
 * next choice), or its page with a middle click.
 */
export function DayEventsDialog({
  day,
  onClose,
  onOpenEvent,
}: {
  /** The day to list; the dialog is open while it is set. */
  day: HeldDay | undefined;
  onClose: () => void;
  onOpenEvent: (event: Event) => void;
}) {
  return (
    <Dialog
      open={day !== undefined}
      onClose={onClose}
      title={day ? calendar.dayListTitle(day.day, day.month) : ''}
      width="520px"
      className="day-events"
    >
      {day ? (
        <ul className="day-events__list">
          {day.events.map((event) => (
            <li key={event.id}>
              <a
                href={itemPaths.event(event.slug)}
                className="day-events__link"
                aria-haspopup="dialog"
                onClick={(clickEvent) => {
                  if (!isPlainClick(clickEvent)) return;
                  clickEvent.preventDefault();
                  onOpenEvent(event);
                }}
              >
                <ContentImage
                  className="day-events__image"
                  src={event.images[0]}
                  sizes="96px"
                  width={96}
                  height={64}
                  decoding="async"
                />
                <span className="day-events__text">
                  <span className="day-events__name">{event.name}</span>
                  <span className="day-events__meta">
                    {startTime(event)} · {event.location}
                  </span>
                </span>
                <ChevronRight aria-hidden="true" size={20} className="day-events__arrow" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </Dialog>
  );
}
