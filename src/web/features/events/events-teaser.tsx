import { CalendarDays, MapPin } from 'lucide-react';
import { clock } from '../../../shared/clock.ts';
import { EVENT_EXCERPT_LENGTH } from '../../../shared/constants.ts';
import { excerpt } from '../../../shared/excerpt.ts';
import type { Event } from '../../../shared/schemas.ts';
import { Button } from '../../components/button.tsx';
import { ContentImage } from '../../components/content-image.tsx';
import { eventsTeaser } from '../../content/home.ts';
import { usePageSeed } from '../../lib/seed.tsx';
import './events-teaser.css';

export interface EventsTeaserProps {
  events: readonly Event[] | undefined;
  loading: boolean;
  /** "Inscribete": opens the calendar. */
  onSignUp: () => void;
}

/** Picks the event to feature: `seed` in [0, 1) chooses one position in the list. */
export function pickEvent(events: readonly Event[], seed: number): Event | undefined {
  if (events.length === 0) return undefined;
  const index = Math.min(events.length - 1, Math.max(0, Math.floor(seed * events.length)));
  return events[index];
}

/** One event chosen at random, with its cover, place and a 200-character excerpt. */
export function EventsTeaser({ events, loading, onSignUp }: EventsTeaserProps) {
  // One random draw per page load, shared by the server's HTML and the browser.
  const seed = usePageSeed();
  const event = loading || !events ? undefined : pickEvent(events, seed);
  if (!event) return null;
  const cover = event.imageCover[0] ?? event.images[0];

  return (
    <article className="events-teaser" aria-labelledby="events-teaser-title">
      <div className="events-teaser__media">
        <ContentImage
          src={cover}
          descriptions={event.imageDescriptions}
          sizes="(max-width: 768px) 100vw, 50vw"
          width={1200}
          height={800}
          loading="lazy"
          decoding="async"
        />
      </div>
      <div className="events-teaser__body">
        <span className="eyebrow">{eventsTeaser.eyebrow}</span>
        <h2 id="events-teaser-title" className="events-teaser__title">
          {event.name}
        </h2>
        <ul className="events-teaser__meta">
          <li>
            <MapPin aria-hidden="true" size={18} />
            <span>{event.location}</span>
          </li>
          <li>
            <CalendarDays aria-hidden="true" size={18} />
            {/* The text staff wrote, and the instant on the association's clock for machines. */}
            <time dateTime={clock.isoWithOffset(event.eventDate)}>{event.date}</time>
          </li>
        </ul>
        <p className="events-teaser__text">{excerpt(event.description, EVENT_EXCERPT_LENGTH)}</p>
        <Button variant="primary" size="lg" onClick={onSignUp} icon={<CalendarDays />}>
          {eventsTeaser.action}
        </Button>
      </div>
    </article>
  );
}
