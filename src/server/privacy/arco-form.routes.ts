import type { FastifyPluginAsync } from 'fastify';
import { arcoPaths, pagePaths } from '../../shared/api-paths.ts';
import type { ArcoFormAnswer } from '../../shared/form-answer.ts';
import { apiMessages } from '../../shared/messages.ts';
import { ARCO_FIELD_NAMES, ArcoRequestSchema, type ArcoRequestInput } from '../../shared/privacy-schemas.ts';
import { fieldMessages } from '../../shared/schemas.ts';
import { privatePage, takePlainForm } from '../site/form-posts.ts';
import { acceptArcoRequest, arcoReceiptOf } from './arco.service.ts';

function echoedValues(body: Record<string, unknown>): ArcoFormAnswer['values'] {
  const values: ArcoFormAnswer['values'] = {};
  for (const field of ARCO_FIELD_NAMES) {
    const value = body[field];
    if (typeof value === 'string') values[field] = value.slice(0, 6_000);
  }
  return values;
}

/** An ARCO request posted without script: the request to take, or the form again with its messages. */
function readArcoForm(
  body: Record<string, unknown>,
): { value: ArcoRequestInput } | { mistakes: ArcoFormAnswer } {
  const parsed = ArcoRequestSchema.safeParse(body);
  if (parsed.success) return { value: parsed.data };
  const mistakes: ArcoFormAnswer = {
    kind: 'arco',
    values: echoedValues(body),
    fields: fieldMessages(parsed.error.issues),
    message: apiMessages.validation,
  };
  return { mistakes };
}

/**
 * The ARCO form posted as a plain HTML form, when no script has run (with script it uses
 * POST /api/privacy/requests), through the site's one path for plain posts (site/form-posts.ts):
 * POST /DerechosARCO takes it as the API does, then redirects (303) to /DerechosARCO/Recibida?folio=…,
 * which shows the folio and the day the answer is due (both read from the folio, nothing from the
 * database).
 */
export const arcoFormRoutes: FastifyPluginAsync = async (app) => {
  takePlainForm(app, {
    path: pagePaths.derechosArco,
    // An ARCO form holds a few fields and a description of at most 5 000 characters.
    bodyLimit: 64 * 1024,
    refused: () => ({ kind: 'arco', values: {}, fields: {} }),
    read: readArcoForm,
    accept: async (request, log) => {
      const { folio } = await acceptArcoRequest(app, log, request);
      return `${arcoPaths.received}?folio=${encodeURIComponent(folio)}`;
    },
  });

  app.get(arcoPaths.received, async (request, reply) => {
    const receipt = arcoReceiptOf(String((request.query as Record<string, unknown>).folio ?? ''));
    if (!receipt) return reply.redirect(pagePaths.derechosArco, 302);
    const answer: ArcoFormAnswer = { kind: 'arco', values: {}, fields: {}, receipt };
    return privatePage(reply, 200).send(await app.pageRenderer.renderPrivate(arcoPaths.received, answer));
  });
};
