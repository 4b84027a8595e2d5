import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newsletterApiRoutes, newsletterLinks, newsletterPaths } from '../../shared/newsletter-paths.ts';
import type { FormAnswer } from '../../shared/form-answer.ts';
import { newsletterMessages } from '../../shared/messages.ts';
import {
  ApiErrorSchema,
  NewsletterSubscribeBodySchema,
  NewsletterSubscribeSchema,
  dataEnvelope,
  fieldMessages,
  type NewsletterSubscription,
} from '../../shared/schemas.ts';
import { formFields, privatePage, takePlainForms } from '../site/form-posts.ts';
import {
  confirmSubscription,
  subscriberByConfirmToken,
  subscriberByUnsubscribeToken,
  unsubscribe,
} from './subscribers.repository.ts';
import { looksLikeToken } from '../lib/link-tokens.ts';
import { publicFormLimit } from '../plugins/security.ts';

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
  const rateLimit = publicFormLimit(app);

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
  // The same page for every unknown or used link, drawn once (at one stand-in address of its kind) and
  // kept: links made up at random cost no rendering.
  const unknownLink = async (reply: FastifyReply, link: (token: string) => string) => {
    const kept = await pages.refusal(link('-'), answer({}, { message: newsletterMessages.unknownLink }));
    return privatePage(reply, 404).header('Referrer-Policy', 'no-referrer').send(kept.bytes);
  };

  await app.register(async (forms) => {
    // A refusal reads as the subscription page again (too many posts, another site's post, no form).
    takePlainForms(forms, {
      bodyLimit: FORM_BODY_LIMIT,
      refusal: (_request, _status, message) => ({
        path: newsletterPaths.subscribe,
        form: answer({}, { message }),
      }),
    });
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
    const typed = (body: Record<string, unknown>) => ({
      email: typeof body.email === 'string' ? body.email.slice(0, 400) : undefined,
      fullName: typeof body.fullName === 'string' ? body.fullName.slice(0, 400) : undefined,
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
      // The limit counts the post as it arrives, before anything is read or drawn.
      { config: { sameOriginPost: true, rateLimit } },
      async (request, reply) => {
        const body = formFields(request.body);
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
        return unknownLink(reply, newsletterLinks.confirm);
      }
      return page(reply, 200, path, answer());
    });

    forms.post(
      newsletterPaths.confirm,
      { config: { sameOriginPost: true }, schema: { params: TokenParams } },
      async (request, reply) => {
        const { token } = request.params as z.infer<typeof TokenParams>;
        if (!looksLikeToken(token) || !(await confirmSubscription(app.db, token))) {
          return unknownLink(reply, newsletterLinks.confirm);
        }
        return reply.header('Cache-Control', 'no-store').redirect(newsletterPaths.confirmed, 303);
      },
    );

    forms.get(newsletterPaths.unsubscribe, { schema: { params: TokenParams } }, async (request, reply) => {
      const { token } = request.params as z.infer<typeof TokenParams>;
      const path = request.url.split('?')[0]!;
      if (!looksLikeToken(token) || !(await subscriberByUnsubscribeToken(app.db, token))) {
        return unknownLink(reply, newsletterLinks.unsubscribe);
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
          return unknownLink(reply, newsletterLinks.unsubscribe);
        }
        const oneClick = formFields(request.body)['List-Unsubscribe'] === ONE_CLICK_BODY;
        // RFC 8058 asks for a plain success, no redirect; the page's button gets post-then-redirect.
        if (oneClick) return page(reply, 200, newsletterPaths.unsubscribed);
        return reply.header('Cache-Control', 'no-store').redirect(newsletterPaths.unsubscribed, 303);
      },
    );
  });
};
