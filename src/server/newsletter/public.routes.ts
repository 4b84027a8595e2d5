import type { FastifyBaseLogger, FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newsletterApiRoutes, newsletterPaths } from '../../shared/newsletter-paths.ts';
import type { FormAnswer } from '../../shared/form-answer.ts';
import { apiMessages, newsletterMessages } from '../../shared/messages.ts';
import {
  ApiErrorSchema,
  NewsletterSubscribeBodySchema,
  NewsletterSubscribeSchema,
  dataEnvelope,
  fieldMessages,
  type NewsletterSubscription,
} from '../../shared/schemas.ts';
import { HttpError } from '../plugins/errors.ts';
import {
  confirmSubscription,
  subscriberByConfirmToken,
  subscriberByUnsubscribeToken,
  unsubscribe,
} from './subscribers.repository.ts';
import { looksLikeToken } from './tokens.ts';

/** A subscription form holds two short fields; anything larger is not one. */
const FORM_BODY_LIMIT = 8 * 1024;
const HTML = 'text/html; charset=utf-8';
const TokenParams = z.object({ token: z.string().max(200) });
/** RFC 8058: what a mail provider posts to unsubscribe in one click. */
const ONE_CLICK_BODY = 'One-Click';

/**
 * The newsletter's public side: the subscription (API and the footer form posted without script),
 * the confirmation page whose button confirms, and the unsubscribe page whose button, or a mail
 * provider's one-click post (RFC 8058), unsubscribes. GET never changes anything (mail scanners open
 * links); the token in the path is what a POST must know.
 */
export const newsletterPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const pages = app.pageRenderer;
  const rateLimit = { max: app.config.contactRateLimit, timeWindow: '1 minute' } as const;

  async function take(log: FastifyBaseLogger, subscription: NewsletterSubscription) {
    // Honeypot filled: answered like anyone else, nothing stored or mailed.
    if (subscription.website?.trim()) {
      log.info('newsletter subscription flagged as spam; ignored');
      return;
    }
    await app.newsletter.subscribe({
      email: subscription.email,
      fullName: subscription.fullName,
      source: 'boletin',
    });
  }

  app.post(
    newsletterApiRoutes.subscribe,
    {
      config: { rateLimit },
      schema: {
        body: NewsletterSubscribeBodySchema,
        response: {
          202: dataEnvelope(z.object({ status: z.literal('pending') })),
          400: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await take(request.log, request.body.data);
      // The same answer for every valid address: it never tells whether one is on the list.
      return reply.code(202).send({ data: { status: 'pending' as const } });
    },
  );

  // Pages: each answer is that visitor's alone (tokens, what they typed), never kept or indexed.
  const page = async (reply: FastifyReply, status: number, path: string, form?: FormAnswer) =>
    reply
      .code(status)
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex')
      .header('Referrer-Policy', 'no-referrer')
      .type(HTML)
      .send(form ? await pages.renderPrivate(path, form) : await pages.render(path));
  const answer = (values: FormAnswer['values'] = {}, extra: Partial<FormAnswer> = {}): FormAnswer => ({
    kind: 'boletin',
    values,
    fields: {},
    ...extra,
  });
  const unknownLink = (reply: FastifyReply, path: string) =>
    page(reply, 404, path, answer({}, { message: newsletterMessages.unknownLink }));

  await app.register(async (forms) => {
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    // RFC 8058 lets a provider send its one-click post as multipart too: read as text, never stored.
    forms.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => {
        const oneClick = /name="?List-Unsubscribe"?\r?\n(?:[^\r\n]+\r?\n)*\r?\n\s*One-Click/i.test(
          String(body),
        );
        done(null, oneClick ? { 'List-Unsubscribe': ONE_CLICK_BODY } : {});
      },
    );
    const bodyOf = (body: unknown) =>
      (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const typed = (body: Record<string, unknown>) => ({
      email: typeof body.email === 'string' ? body.email.slice(0, 400) : undefined,
      fullName: typeof body.fullName === 'string' ? body.fullName.slice(0, 400) : undefined,
    });

    // A refusal reads as the subscription page again (too many posts, another site's post, no form).
    forms.setErrorHandler(async (error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status < 400 || status >= 500) throw error;
      const message =
        error instanceof HttpError
          ? error.message
          : status === 413
            ? apiMessages.payloadTooLarge
            : status === 415
              ? apiMessages.unsupportedMediaType
              : apiMessages.validation;
      return page(reply, status, newsletterPaths.subscribe, answer(typed(bodyOf(request.body)), { message }));
    });

    forms.get(newsletterPaths.subscribe, async (_request, reply) =>
      page(reply, 200, newsletterPaths.subscribe),
    );
    forms.get(newsletterPaths.pending, async (_request, reply) => page(reply, 200, newsletterPaths.pending));
    forms.get(newsletterPaths.confirmed, async (_request, reply) =>
      page(reply, 200, newsletterPaths.confirmed),
    );
    forms.get(newsletterPaths.unsubscribed, async (_request, reply) =>
      page(reply, 200, newsletterPaths.unsubscribed),
    );

    forms.post(
      newsletterPaths.subscribe,
      { config: { sameOriginPost: true, rateLimit: { ...rateLimit, hook: 'preHandler' } } },
      async (request, reply) => {
        const body = bodyOf(request.body);
        const parsed = NewsletterSubscribeSchema.safeParse(body);
        if (!parsed.success) {
          return page(
            reply,
            400,
            newsletterPaths.subscribe,
            answer(typed(body), { fields: fieldMessages(parsed.error.issues) }),
          );
        }
        await take(request.log, parsed.data);
        return reply.header('Cache-Control', 'no-store').redirect(newsletterPaths.pending, 303);
      },
    );

    forms.get(newsletterPaths.confirm, { schema: { params: TokenParams } }, async (request, reply) => {
      const { token } = request.params as z.infer<typeof TokenParams>;
      const path = request.url.split('?')[0]!;
      if (!looksLikeToken(token) || !(await subscriberByConfirmToken(app.db, token))) {
        return unknownLink(reply, path);
      }
      return page(reply, 200, path, answer());
    });

    forms.post(
      newsletterPaths.confirm,
      { config: { sameOriginPost: true }, schema: { params: TokenParams } },
      async (request, reply) => {
        const { token } = request.params as z.infer<typeof TokenParams>;
        if (!looksLikeToken(token) || !(await confirmSubscription(app.db, token))) {
          return unknownLink(reply, request.url.split('?')[0]!);
        }
        return reply.header('Cache-Control', 'no-store').redirect(newsletterPaths.confirmed, 303);
      },
    );

    forms.get(newsletterPaths.unsubscribe, { schema: { params: TokenParams } }, async (request, reply) => {
      const { token } = request.params as z.infer<typeof TokenParams>;
      const path = request.url.split('?')[0]!;
      if (!looksLikeToken(token) || !(await subscriberByUnsubscribeToken(app.db, token))) {
        return unknownLink(reply, path);
      }
      return page(reply, 200, path, answer());
    });

    // No CSRF token and no Origin check: the token in the path is the proof, and a mail provider's
    // one-click post comes from no page of this site (RFC 8058; docs/decisions/031).
    forms.post(
      newsletterPaths.unsubscribe,
      { config: { tokenInPathPost: true }, schema: { params: TokenParams } },
      async (request, reply) => {
        const { token } = request.params as z.infer<typeof TokenParams>;
        if (!looksLikeToken(token) || !(await unsubscribe(app.db, token))) {
          return unknownLink(reply, request.url.split('?')[0]!);
        }
        const oneClick = bodyOf(request.body)['List-Unsubscribe'] === ONE_CLICK_BODY;
        // RFC 8058 asks for a plain success, no redirect; the page's button gets post-then-redirect.
        if (oneClick) return page(reply, 200, newsletterPaths.unsubscribed);
        return reply.header('Cache-Control', 'no-store').redirect(newsletterPaths.unsubscribed, 303);
      },
    );
  });
};
