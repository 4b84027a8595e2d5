import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { PartnerInputSchema, Partner } from '../../shared/schemas.ts';
import type { PartnersTable } from '../db/schema.ts';
import { fromJsonDescriptions, fromJsonList, toJsonDescriptions, toJsonList } from '../db/json-columns.ts';
import { tableRepository } from './table-repository.ts';

export type PartnerValues = z.output<typeof PartnerInputSchema>;

export const toPartner = (row: Selectable<PartnersTable>): Partner => ({
  id: row.id,
  name: row.name,
  job: row.job,
  images: fromJsonList(row.images),
  ...fromJsonDescriptions(row.image_descriptions),
  ...(row.link ? { link: row.link } : {}),
});

export const partnersRepository = tableRepository({
  table: 'partners',
  toEntity: toPartner,
  toColumns: (input: PartnerValues) => ({
    name: input.name,
    job: input.job,
    images: toJsonList(input.images),
    image_descriptions: toJsonDescriptions(input.imageDescriptions, input.images),
    link: input.link ?? null,
  }),
  order: [['name', 'asc']],
  publication: false,
});
