import { z } from 'zod';
import { ApiErrorSchema, IdParamSchema, dataEnvelope } from '../../shared/schemas.ts';
import { notFound } from '../plugins/errors.ts';

/** What a deletion answers: the id of the record that is gone. */
export const DeletedSchema = z.object({ id: z.string() });

/**
 * The schema of a route on one record named by the path's `:id`: `data` in the 200, and the API's
 * error shape for the 404 of an unknown id and for each other refusal named (409, …).
 */
export function recordSchema<T extends z.ZodType, S extends number = never>(data: T, ...refusals: S[]) {
  const errors = Object.fromEntries(refusals.map((status) => [status, ApiErrorSchema])) as Record<
    S,
    typeof ApiErrorSchema
  >;
  return { params: IdParamSchema, response: { 200: dataEnvelope(data), 404: ApiErrorSchema, ...errors } };
}

/** The record a route was asked for, or the API's 404 when there is none. */
export function found<T>(record: T | null | undefined): T {
  if (record === undefined || record === null) throw notFound();
  return record;
}
