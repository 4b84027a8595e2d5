import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import type { PublicationStatus } from '../../shared/schemas.ts';
import type { NewsInputSchema, News } from '../../shared/schemas.ts';
import { messages } from '../../shared/messages.ts';
import type { NewsTable } from '../db/schema.ts';
import { fromJsonDescriptions, fromJsonList, toJsonDescriptions, toJsonList } from '../db/json-columns.ts';
import { InvalidInputError } from '../domain-errors.ts';
import { tableRepository } from './table-repository.ts';
import { sanitizeNewsHtml } from '../lib/sanitize.ts';

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

/** News descriptions are HTML: sanitised on every write. A news item's date is when it became public. */
export const newsRepository = tableRepository({
  table: 'news',
  toEntity: toNews,
  toColumns: (input: NewsValues) => {
    const description = sanitizeNewsHtml(input.description);
    // Markup that is nothing but what sanitising removes (a lone <script>) would store an empty text.
    if (!description) throw new InvalidInputError({ description: messages.required });
    return {
      name: input.name,
      address: input.address,
      description,
      images: toJsonList(input.images),
      image_descriptions: toJsonDescriptions(input.imageDescriptions, input.images),
    };
  },
  // Newest first by the time they became public (drafts, never public, by their creation).
  order: [
    [sql`coalesce(published_at, created_at)`, 'desc'],
    ['created_at', 'desc'],
  ],
  slug: { from: (input) => input.name, fallback: 'noticia' },
  publication: (input) => ({ status: input.status ?? 'published', publishAt: input.publishAt }),
});
