import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { apiMessages, messages } from '../../shared/messages.ts';
import { InvalidInputError } from '../domain-errors.ts';
import { isDatabaseUnavailable } from '../db/database.ts';

/** Raised by handlers for the API's known failures; the error handler turns it into the error shape. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  constructor(statusCode: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
  }
}

export const notFound = () => new HttpError(404, 'NOT_FOUND', apiMessages.notFound);

// Payload envelopes the spec names; field messages are keyed by the field inside them.
const ENVELOPE_KEYS = new Set(['data', 'event', 'eventData', 'news', 'newsData', 'partners', 'partnersData']);

interface ValidationItem {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: { keys?: string[] };
}

export function validationFields(items: readonly ValidationItem[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const item of items) {
    let path = (item.instancePath ?? '').split('/').filter(Boolean);
    if (path.length > 0 && ENVELOPE_KEYS.has(path[0]!)) path = path.slice(1);
    if (item.keyword === 'unrecognized_keys' && item.params?.keys) {
      for (const key of item.params.keys) fields[[...path, key].join('.')] ??= messages.unknownField;
      continue;
    }
    const key = path.join('.') || '_';
    fields[key] ??= item.message ?? messages.invalidValue;
  }
  return fields;
}

function send(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ error: fields ? { code, message, fields } : { code, message } });
}

/** Maps every failure to `{error:{code,message,fields?}}`; 5xx details stay in the log. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError)
    return send(reply, error.statusCode, error.code, error.message, error.fields);
  if (error instanceof InvalidInputError)
    return send(reply, 400, 'VALIDATION_ERROR', apiMessages.validation, error.fields);
  if (hasZodFastifySchemaValidationErrors(error)) {
    return send(reply, 400, 'VALIDATION_ERROR', apiMessages.validation, validationFields(error.validation));
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return send(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', apiMessages.unsupportedMediaType);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return send(reply, 413, 'PAYLOAD_TOO_LARGE', apiMessages.payloadTooLarge);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return send(reply, 400, 'INVALID_JSON', apiMessages.invalidJson);
    case 'FST_CSRF_INVALID_TOKEN':
    case 'FST_CSRF_MISSING_SECRET':
      return send(reply, 403, 'CSRF_INVALID', apiMessages.csrf);
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return send(reply, 429, 'RATE_LIMITED', apiMessages.rateLimited);
  if (status === 413) return send(reply, 413, 'PAYLOAD_TOO_LARGE', apiMessages.payloadTooLarge);
  if (status === 415) return send(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', apiMessages.unsupportedMediaType);
  if (status === 400 && error instanceof SyntaxError)
    return send(reply, 400, 'INVALID_JSON', apiMessages.invalidJson);
  if (status >= 400 && status < 500) {
    return send(reply, status, 'BAD_REQUEST', status === 404 ? apiMessages.notFound : apiMessages.validation);
  }
  if (isRefusedData(error)) {
    // The database refused a value the schemas let through (a NUL byte on PostgreSQL, for one).
    request.log.warn({ err: error }, 'database refused a value');
    return send(reply, 400, 'VALIDATION_ERROR', apiMessages.validation);
  }
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return send(reply, 503, 'SERVICE_UNAVAILABLE', apiMessages.serviceUnavailable);
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 500, 'INTERNAL', apiMessages.internal);
}

/** PostgreSQL's class 22, "data exception": the value itself is wrong, not the server. */
function isRefusedData(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(errorHandler);
  },
  { name: 'errors' },
);

/**
 * For Fastify's `frameworkErrors` option: errors found before routing (a malformed percent-encoding
 * in the URL, for one) get the API's error shape instead of Fastify's own. No hook runs for them, so
 * the headers every other answer gets from helmet are set here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.headers({
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
  });
  return errorHandler(error, request, reply);
}
