import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import type { PublicationStatus } from '../../shared/schemas.ts';
import type { NewsInputSchema, News } from '../../shared/schemas.ts';
import type { NewsTable } from '../db/schema.ts';
import { fromJsonDescriptions, fromJsonList, toJsonDescriptions, toJsonList } from '../db/json-columns.ts';
import { tableRepository } from './table-repository.ts';

/** What a write stores: the input as checked; without a state, it is published. */
export type NewsValues = Omit<z.output<typeof NewsInputSchema>, 'status'> & { status?: PublicationStatus };

export const toNews = (row: Selectable<NewsTable>): News => ({
  id: row.id,
  name: row.name,
  address: row.address,
  description: row.description,
  images: fromJsonList(row.images),
  ...fromJsonDescriptions(row.image_descriptions),
  slug: row.slug,
  ...(row.published_at ? { publishedAt: row.published_at } : {}),
});

/** A news item's date is when it became public. */
export const newsRepository = tableRepository({
  table: 'news',
  toEntity: toNews,
  toColumns: (input: NewsValues) => ({
    name: input.name,
    address: input.address,
    description: input.description,
    images: toJsonList(input.images),
    image_descriptions: toJsonDescriptions(input.imageDescriptions, input.images),
  }),
  // Newest first by the time they became public (drafts, never public, by their creation).
  order: [
    [sql`coalesce(published_at, created_at)`, 'desc'],
    ['created_at', 'desc'],
  ],
  publication: true,
});
