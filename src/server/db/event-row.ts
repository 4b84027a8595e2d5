import type { Selectable } from 'kysely';
import type { Event } from '../../shared/schemas.ts';
import { fromJsonDescriptions, fromJsonList } from './json-columns.ts';
import type { EventsTable } from './schema.ts';

/**
 * An event's row as the contract's Event: the content domain's lists and pages, and the registrations
 * that read the row their seat's update returns.
 */
export const toEvent = (row: Selectable<EventsTable>): Event => ({
  id: row.id,
  name: row.name,
  location: row.location,
  date: row.date,
  eventDate: row.event_date,
  description: row.description,
  images: fromJsonList(row.images),
  imageCover: fromJsonList(row.image_cover),
  ...fromJsonDescriptions(row.image_descriptions),
  linkEvent: row.link_event,
  slug: row.slug,
  registration: {
    enabled: Boolean(row.registration_enabled),
    capacity: row.registration_capacity ?? null,
    confirmed: Number(row.registration_confirmed ?? 0),
    waitlisted: Number(row.registration_waitlisted ?? 0),
  },
});
