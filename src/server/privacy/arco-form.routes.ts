import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import { arcoPaths, pagePaths } from '../../shared/api-paths.ts';
import { arcoDeadlines, folioDay } from '../../shared/arco.ts';
import { clock } from '../../shared/clock.ts';
import type { ArcoFormAnswer } from '../../shared/form-answer.ts';
import { apiMessages } from '../../shared/messages.ts';
import { ARCO_FIELD_NAMES, ArcoRequestSchema } from '../../shared/privacy-schemas.ts';
import { fieldMessages } from '../../shared/schemas.ts';
import { HttpError } from '../plugins/errors.ts';
import { contactRateLimit } from '../requests/accept-request.ts';
import { acceptArcoRequest } from './accept-arco.ts';

/** An ARCO form holds a few fields and a description of at most 5 000 characters. */
const FORM_BODY_LIMIT = 64 * 1024;

function echoedValues(body: Record<string, unknown>): ArcoFormAnswer['values'] {
  const values: ArcoFormAnswer['values'] = {};
  for (const field of ARCO_FIELD_NAMES) {
    const value = body[field];
    if (typeof value === 'string') values[field] = value.slice(0, 6_000);
  }
  return values;
}

/**
 * The ARCO form posted as a plain HTML form, when no script has run (with script it uses
 * POST /api/privacy/requests): POST /DerechosARCO validates it with the API's schema and takes it as the
 * API does, then redirects (303) to /DerechosARCO/Recibida?folio=…, which shows the folio and the day
 * the answer is due (both read from the folio, nothing from the database). A refused post gets the form
 * again with its messages. No CSRF token: the post must come from this site (decision 014).
 */
export const arcoFormRoutes: FastifyPluginAsync = async (app) => {
  const pages = app.pageRenderer;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const answer = async (reply: FastifyReply, status: number, form: ArcoFormAnswer, path: string) =>
    reply
      .code(status)
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(await pages.renderPrivate(path, form));

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status < 400 || status >= 500) throw error;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const message =
      error instanceof HttpError
        ? error.message
        : status === 413
          ? apiMessages.payloadTooLarge
          : status === 415
            ? apiMessages.unsupportedMediaType
            : apiMessages.validation;
    const safeBody = typeof body === 'object' && body !== null ? body : {};
    return answer(
      reply,
      status,
      { kind: 'arco', values: echoedValues(safeBody), fields: {}, message },
      pagePaths.derechosArco,
    );
  });

  app.post(
    pagePaths.derechosArco,
    { config: { sameOriginPost: true, rateLimit: { ...contactRateLimit(app), hook: 'preHandler' } } },
    async (request, reply) => {
      const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
        string,
        unknown
      >;
      const parsed = ArcoRequestSchema.safeParse(body);
      if (!parsed.success) {
        return answer(
          reply,
          400,
          {
            kind: 'arco',
            values: echoedValues(body),
            fields: fieldMessages(parsed.error.issues),
            message: apiMessages.validation,
          },
          pagePaths.derechosArco,
        );
      }
      const { folio } = await acceptArcoRequest(app, request.log, parsed.data);
      return reply
        .header('Cache-Control', 'no-store')
        .redirect(`${arcoPaths.received}?folio=${encodeURIComponent(folio)}`, 303);
    },
  );

  app.get(arcoPaths.received, async (request, reply) => {
    const folio = String((request.query as Record<string, unknown>).folio ?? '');
    const day = folioDay(folio);
    if (!day) return reply.redirect(pagePaths.derechosArco, 302);
    const { answerDue } = arcoDeadlines(clock.startOfDay(day));
    return answer(
      reply,
      200,
      { kind: 'arco', values: {}, fields: {}, receipt: { folio, answerDue } },
      arcoPaths.received,
    );
  });
};
