import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { PublicationStatus } from '../../shared/schemas.ts';
import type { EventInputSchema, Event } from '../../shared/schemas.ts';
import type { EventsTable } from '../db/schema.ts';
import { fromJsonDescriptions, fromJsonList, toJsonDescriptions, toJsonList } from './json-list.ts';
import { tableRepository } from './table-repository.ts';

/** What a write stores: the input as checked; without a state, it is published. */
export type EventValues = Omit<z.output<typeof EventInputSchema>, 'status'> & { status?: PublicationStatus };

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

export const eventsRepository = tableRepository({
  table: 'events',
  toEntity: toEvent,
  toColumns: (input: EventValues) => ({
    name: input.name,
    location: input.location,
    date: input.date,
    event_date: input.eventDate,
    description: input.description,
    images: toJsonList(input.images),
    image_cover: toJsonList(input.imageCover),
    image_descriptions: toJsonDescriptions(input.imageDescriptions, [...input.images, ...input.imageCover]),
    link_event: input.linkEvent,
    // Only the settings: the counters belong to the registrations domain.
    registration_enabled: input.registration?.enabled ? 1 : 0,
    registration_capacity: input.registration?.capacity ?? null,
  }),
  order: [
    ['event_date', 'asc'],
    ['name', 'asc'],
  ],
  slug: { from: (input) => input.name, fallback: 'evento' },
  publication: (input) => ({ status: input.status ?? 'published', publishAt: input.publishAt }),
});
