import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PostedFormAnswer } from '../../shared/form-answer.ts';
import { apiMessages } from '../../shared/messages.ts';
import { HttpError } from '../plugins/errors.ts';
import { publicFormLimit } from '../plugins/security.ts';

const HTML = 'text/html; charset=utf-8';

/** What a refused post reads as: a page, and the answer it shows (never anything the visitor typed). */
export interface Refusal {
  path: string;
  form: PostedFormAnswer;
}

export interface PlainFormOptions {
  /** The largest body a form of this scope can send; anything larger is refused (413). */
  bodyLimit: number;
  /** The page and answer a refusal with this status and message reads as. */
  refusal(request: FastifyRequest, status: number, message: string): Refusal;
}

/** Parses a urlencoded body into its fields (the last value of a repeated field wins). */
export function parseFormBody(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/** The fields of a parsed form body, or none when the post carried no form. */
export function formFields(body: unknown): Record<string, unknown> {
  return (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
}

/** The message a refused form post shows. */
function refusalMessage(error: FastifyError, status: number): string {
  if (error instanceof HttpError) return error.message;
  if (status === 413) return apiMessages.payloadTooLarge;
  if (status === 415) return apiMessages.formUnsupported;
  return apiMessages.validation;
}

/**
 * A scope that takes forms posted without script (urlencoded), answering every refusal as a page.
 *
 * A refusal (another site's post, too many posts, a body too large or of another type) is the same page
 * for everyone who gets it, so it is rendered once per page and answer and then kept like any page: a
 * stream of refused posts costs no rendering. Such a refusal cannot give back what was typed; the
 * browser keeps it on the page before. A form with mistakes, which does give it back, is rendered for
 * its visitor only, after the route's rate limit has counted the post (the limit's hook is onRequest).
 */
export function takePlainForms(scope: FastifyInstance, options: PlainFormOptions): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: options.bodyLimit },
    (_request, body, done) => done(null, parseFormBody(String(body))),
  );

  scope.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status < 400 || status >= 500) throw error;
    const { path, form } = options.refusal(request, status, refusalMessage(error, status));
    const page = await scope.pageRenderer.refusal(path, form);
    return privatePage(reply, status).send(page.bytes);
  });
}

/** The headers of a page that answers one post: never kept by a cache, never indexed. */
export function privatePage(reply: FastifyReply, status: number): FastifyReply {
  return reply.code(status).header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex').type(HTML);
}

/** A public form posted without script: what it is read as, and what a stored one leads to. */
export interface PlainForm<Value> {
  /** The form's page: the post goes to it, and a post with mistakes gets it again. */
  path: string;
  /** The largest body the form can send; anything larger is refused (413). */
  bodyLimit: number;
  /** The form's answer on a refusal (site-wide: another site's post, too many posts, too large a body). */
  refused(request: FastifyRequest): PostedFormAnswer;
  /** The posted fields read with the form's own schema: the value to take, or the form with its messages. */
  read(fields: Record<string, unknown>): { value: Value } | { mistakes: PostedFormAnswer };
  /** Takes the value (stored with its mail before anything else can fail); the address to go to next. */
  accept(value: Value, log: FastifyBaseLogger): Promise<string>;
}

/**
 * The one way a public form is posted without script: POST to the form's page, counted by the public
 * forms' rate limit as it arrives and refused unless it comes from this site (decision 014); a stored
 * post is redirected (303), so reloading the next page sends nothing again; one with mistakes gets the
 * page again for its visitor only, with what was typed and a message by each field.
 */
export function takePlainForm<Value>(scope: FastifyInstance, form: PlainForm<Value>): void {
  takePlainForms(scope, {
    bodyLimit: form.bodyLimit,
    refusal: (request, _status, message) => ({
      path: form.path,
      form: { ...form.refused(request), message },
    }),
  });
  scope.post(
    form.path,
    { config: { sameOriginPost: true, rateLimit: publicFormLimit(scope) } },
    async (request, reply) => {
      const read = form.read(formFields(request.body));
      if ('mistakes' in read) {
        return privatePage(reply, 400).send(await scope.pageRenderer.renderPrivate(form.path, read.mistakes));
      }
      const next = await form.accept(read.value, request.log);
      return reply.header('Cache-Control', 'no-store').redirect(next, 303);
    },
  );
}

/** The page a stored form leads to: the same for everyone, revalidated, never indexed. */
export function sentPage(scope: FastifyInstance, path: string): void {
  scope.get(path, async (_request, reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .header('X-Robots-Tag', 'noindex')
      .type(HTML)
      .send(await scope.pageRenderer.render(path)),
  );
}
