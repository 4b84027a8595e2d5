import type { z } from 'zod';
import type { PublicationStatus } from '../../shared/schemas.ts';
import type { EventInputSchema } from '../../shared/schemas.ts';
import { toEvent } from '../db/event-row.ts';
import { toJsonDescriptions, toJsonList } from '../db/json-columns.ts';
import { tableRepository } from './table-repository.ts';

/** What a write stores: the input as checked; without a state, it is published. */
export type EventValues = Omit<z.output<typeof EventInputSchema>, 'status'> & { status?: PublicationStatus };

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
  publication: true,
});
