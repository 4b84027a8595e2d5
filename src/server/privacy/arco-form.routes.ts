import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { arcoPaths, pagePaths } from '../../shared/api-paths.ts';
import type { ArcoFormAnswer } from '../../shared/form-answer.ts';
import { apiMessages } from '../../shared/messages.ts';
import { ARCO_FIELD_NAMES, ArcoRequestSchema } from '../../shared/privacy-schemas.ts';
import { fieldMessages } from '../../shared/schemas.ts';
import { publicFormLimit } from '../plugins/security.ts';
import { formFields, privatePage, takePlainForms } from '../site/form-posts.ts';
import { acceptArcoRequest, arcoReceiptOf } from './arco.service.ts';

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
 * the answer is due (both read from the folio, nothing from the database). A post with mistakes gets the
 * form again with its messages; a refused one (site/form-posts.ts) the form with the reason. No CSRF token: the post must come from this site (decision 014).
 */
export const arcoFormRoutes: FastifyPluginAsync = async (app) => {
  const pages = app.pageRenderer;

  takePlainForms(app, {
    bodyLimit: FORM_BODY_LIMIT,
    refusal: (_request, _status, message) => ({
      path: pagePaths.derechosArco,
      form: { kind: 'arco', values: {}, fields: {}, message },
    }),
  });
  const answer = async (reply: FastifyReply, status: number, form: ArcoFormAnswer, path: string) =>
    privatePage(reply, status).send(await pages.renderPrivate(path, form));

  app.post(
    pagePaths.derechosArco,
    // The limit counts the post as it arrives, before anything is read or drawn.
    { config: { sameOriginPost: true, rateLimit: publicFormLimit(app) } },
    async (request, reply) => {
      const body = formFields(request.body);
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
    const receipt = arcoReceiptOf(String((request.query as Record<string, unknown>).folio ?? ''));
    if (!receipt) return reply.redirect(pagePaths.derechosArco, 302);
    return answer(reply, 200, { kind: 'arco', values: {}, fields: {}, receipt }, arcoPaths.received);
  });
};
