import { z } from 'zod';
import { ApiErrorSchema, IdParamSchema, dataEnvelope } from '../../shared/schemas.ts';
import { notFound } from '../plugins/errors.ts';

/** The schema of a route about one record named by its `:id`: its answers, and 404 when there is none. */
export const byIdSchema = <R extends Record<number, z.ZodType>>(response: R) => ({
  params: IdParamSchema,
  response: { ...response, 404: ApiErrorSchema },
});

/**
 * The same for the usual case: `data` in the 200, and the API's error shape for each other refusal
 * named (409, …).
 */
export function recordSchema<T extends z.ZodType, S extends number = never>(data: T, ...refusals: S[]) {
  const errors = Object.fromEntries(refusals.map((status) => [status, ApiErrorSchema])) as Record<
    S,
    typeof ApiErrorSchema
  >;
  return byIdSchema({ 200: dataEnvelope(data), ...errors });
}

/** What a deletion answers: the id of the record that is gone. */
export const DeletedSchema = z.object({ id: z.string() });

/** The record a route names, or the 404 it answers when there is none. */
export function found<T>(record: T | null | undefined): T {
  if (record === undefined || record === null) throw notFound();
  return record;
}

/** The rows a list's `page` (counted from 1) of `perPage` rows covers. */
export const pageOf = ({ page, perPage }: { page: number; perPage: number }) => ({
  offset: (page - 1) * perPage,
  limit: perPage,
});
