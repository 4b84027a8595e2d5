import type { z } from 'zod';
import { ApiErrorSchema, IdParamSchema } from '../../shared/schemas.ts';
import { notFound } from '../plugins/errors.ts';

/** The schema of a route about one record named by its `:id`: its answers, and 404 when there is none. */
export const byIdSchema = <R extends Record<number, z.ZodType>>(response: R) => ({
  params: IdParamSchema,
  response: { ...response, 404: ApiErrorSchema },
});

/** The record a route names, or the 404 it answers when there is none. */
export function found<T>(record: T | undefined): T {
  if (record === undefined) throw notFound();
  return record;
}

/** The rows a list's `page` (counted from 1) of `perPage` rows covers. */
export const pageOf = ({ page, perPage }: { page: number; perPage: number }) => ({
  offset: (page - 1) * perPage,
  limit: perPage,
});
