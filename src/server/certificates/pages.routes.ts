import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  SurveyAnswerSchema,
  certificateLinks,
  certificatePaths,
  type CertificatePageData,
  type SurveyPageData,
} from '../../shared/certificates.ts';
import { apiMessages } from '../../shared/messages.ts';
import { fieldMessages } from '../../shared/schemas.ts';
import { HttpError } from '../plugins/errors.ts';
import { publicFormLimit } from '../plugins/security.ts';
import { formFields, parseFormBody, privatePage } from '../site/form-posts.ts';
import { certificateContent, certificatePageData } from './certificate-view.ts';
import { certificatePdf } from './certificate-pdf.ts';
import { certificateByFolio } from './certificates.repository.ts';
import { answerSurvey, surveyPage } from './survey.service.ts';

const FORM_BODY_LIMIT = 8 * 1024;
const STATUS: Record<SurveyPageData['state'], number> = {
  open: 200,
  thanks: 200,
  answered: 409,
  closed: 410,
  unknown: 404,
};

/**
 * The public pages: a certificate's verification page and its PDF (anyone with the folio may check
 * it), and the survey, whose page records nothing when opened and whose button (a plain form post,
 * from this site's pages only) stores one answer. Drawn with React on the server for one answer each,
 * never kept, never indexed, no referrer (the survey's token is in the address).
 */
export const certificatePageRoutes: FastifyPluginAsync = async (app) => {
  const context = app.certificates;
  const rateLimit = publicFormLimit(app);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, parseFormBody(String(body))),
  );

  const send = async (
    reply: FastifyReply,
    status: number,
    path: string,
    data: CertificatePageData | SurveyPageData,
  ) =>
    privatePage(reply, status)
      .header('Referrer-Policy', 'no-referrer')
      .send(await app.pageRenderer.renderPrivatePage(path, { data }));
  const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!;

  // A refused post (another site's, too many, too large) reads as the survey page with its message.
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status < 400 || status >= 500) throw error;
    const notice =
      error instanceof HttpError
        ? error.message
        : status === 413
          ? apiMessages.payloadTooLarge
          : apiMessages.validation;
    request.log.info({ status }, 'survey post refused');
    const token = (request.params as { token?: string }).token ?? '';
    const data = await surveyPage(context, token);
    return send(reply, status, pathOf(request), { ...data, notice });
  });

  app.get<{ Params: { folio: string } }>(certificatePaths.verify, async (request, reply) => {
    const asked = request.params.folio.slice(0, 64);
    const wantsPdf = asked.endsWith('.pdf');
    const folio = wantsPdf ? asked.slice(0, -'.pdf'.length) : asked;
    const row = await certificateByFolio(context.db, folio);
    const data = certificatePageData(row);
    if (!wantsPdf || !row || row.revoked_at) {
      const status = !row ? 404 : wantsPdf ? 410 : 200;
      return send(reply, status, certificateLinks.verify(folio), data);
    }
    const pdf = await certificatePdf(
      certificateContent(row, `${context.siteUrl}${certificateLinks.verify(folio)}`),
    );
    return reply
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex')
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="constancia-${row.folio}.pdf"`)
      .send(pdf);
  });

  app.get<{ Params: { token: string }; Querystring: { enviada?: string } }>(
    certificatePaths.survey,
    async (request, reply) => {
      const data = await surveyPage(context, request.params.token);
      // After her answer the page comes back (303) with `?enviada=1`: it thanks her.
      const shown = data.state === 'answered' && request.query.enviada === '1' ? 'thanks' : data.state;
      return send(reply, shown === 'answered' ? 200 : STATUS[shown], pathOf(request), {
        ...data,
        state: shown,
      });
    },
  );

  app.post<{ Params: { token: string } }>(
    certificatePaths.survey,
    { config: { sameOriginPost: true, rateLimit } },
    async (request, reply) => {
      const { token } = request.params;
      const body = formFields(request.body);
      const text = (name: string) =>
        typeof body[name] === 'string' ? (body[name] as string).slice(0, 2100) : '';
      const values = {
        rating: text('rating'),
        recommend: text('recommend'),
        comment: text('comment'),
        quote: body.quote === 'on',
      };
      const parsed = SurveyAnswerSchema.safeParse({
        rating: values.rating === '' ? undefined : values.rating,
        recommend: values.recommend === '' ? undefined : values.recommend,
        comment: values.comment,
        quote: values.quote,
      });
      if (!parsed.success) {
        const data = await surveyPage(context, token);
        if (data.state !== 'open') return send(reply, STATUS[data.state], pathOf(request), data);
        return send(reply, 400, pathOf(request), {
          ...data,
          fields: fieldMessages(parsed.error.issues),
          values,
        });
      }
      const outcome = await answerSurvey(context, token, parsed.data);
      if (outcome.state === 'thanks') {
        return reply
          .header('Cache-Control', 'no-store')
          .redirect(`${certificateLinks.survey(token)}?enviada=1`, 303);
      }
      return send(reply, STATUS[outcome.state], pathOf(request), { kind: 'encuesta', ...outcome });
    },
  );
};
