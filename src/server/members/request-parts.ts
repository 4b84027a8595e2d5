import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../plugins/errors.ts';

// What the members' route files share.

/** The admin's id, from the session of the admin scope the staff's routes live in. */
export const adminOf = (request: FastifyRequest) => request.session.get('adminId') ?? 'admin';

/** A CSV file as a body: the largest the import and the statement take. */
export const CSV_BODY_LIMIT = 2 * 1024 * 1024;

/** Lets a scope take CSV files (text/csv) as text. */
export function takeCsv(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: CSV_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
}

/** The body of a route that takes a CSV file; anything else is refused with 415. */
export function csvBody(request: FastifyRequest): string {
  if (typeof request.body !== 'string') {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Envía el archivo CSV tal cual (text/csv).');
  }
  return request.body;
}
