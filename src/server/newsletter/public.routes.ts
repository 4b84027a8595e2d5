import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
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
} from '../../shared/schemas.ts';
import { formFields, privatePage, takePlainForms } from '../site/form-posts.ts';
import { publicFormLimit } from '../plugins/security.ts';
import type { SubscriptionRequests } from './subscription-requests.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

/** A subscription form holds two short fields; anything larger is not one. */
const FORM_BODY_LIMIT = 8 * 1024;
const TokenParams = z.object({ token: z.string().max(200) });
/** RFC 8058: what a mail provider posts to unsubscribe in one click. */
const ONE_CLICK_BODY = 'One-Click';

const tokenOf = (request: FastifyRequest) => (request.params as z.infer<typeof TokenParams>).token;
const seeOther = (reply: FastifyReply, path: string) =>
  reply.header('Cache-Control', 'no-store').redirect(path, 303);

/**
 * The newsletter's public side: the subscription (API and the footer form posted without script),
 * answered before the address is looked at (subscription-requests.ts), the confirmation page whose
 * button confirms, and the unsubscribe page whose button, or a mail
 * provider's one-click post (RFC 8058), unsubscribes. GET never changes anything (mail scanners open
 * links); the token in the path is what a POST must know.
 */
export function newsletterPublicRoutes(
  subscriptions: SubscriptionsService,
  requests: SubscriptionRequests,
): FastifyPluginAsyncZod {
  return async (app) => {
    const pages = app.pageRenderer;
    const rateLimit = publicFormLimit(app);

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
        await requests.take(request.log, request.body.data);
        // The same answer, after the same work, for every valid address: it never tells whether one is
        // on the list (the address is looked at only after the answer; subscription-requests.ts).
        return reply.code(202).send({ data: { status: 'pending' as const } });
      },
    );

    // Pages: each answer is that visitor's alone (tokens, what they typed), never kept or indexed.
    const page = async (reply: FastifyReply, status: number, path: string, form?: FormAnswer) =>
      privatePage(reply, status)
        .header('Referrer-Policy', 'no-referrer')
        .send(form ? await pages.renderPrivate(path, form) : await pages.render(path));
    const answer = (values: FormAnswer['values'] = {}, extra: Partial<FormAnswer> = {}): FormAnswer => ({
      kind: 'boletin',
      values,
      fields: {},
      ...extra,
    });
    // The same page for every unknown or used link, drawn once (at one stand-in address of its kind)
    // and kept: links made up at random cost no rendering.
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

      const { subscribe, pending, confirmed, unsubscribed } = newsletterPaths;
      for (const path of [subscribe, pending, confirmed, unsubscribed]) {
        forms.get(path, async (_request, reply) => page(reply, 200, path));
      }

      forms.post(
        newsletterPaths.subscribe,
        // The limit counts the post as it arrives, before anything is read or drawn.
        { config: { sameOriginPost: true, rateLimit } },
        async (request, reply) => {
          const body = formFields(request.body);
          const parsed = NewsletterSubscribeSchema.safeParse(body);
          if (!parsed.success) {
            const fields = fieldMessages(parsed.error.issues);
            return page(reply, 400, newsletterPaths.subscribe, answer(typed(body), { fields }));
          }
          await requests.take(request.log, parsed.data);
          return seeOther(reply, newsletterPaths.pending);
        },
      );

      /**
       * A link from a mail: GET shows its page, whose button posts, while the token names something;
       * POST does what the button says. Either way an unknown or used token gets the unknown-link page.
       */
      function mailLink(link: {
        path: string;
        of: (token: string) => string;
        known: (token: string) => Promise<boolean>;
        act: (token: string) => Promise<boolean>;
        config: FastifyContextConfig;
        then: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
      }) {
        const schema = { params: TokenParams };
        forms.get(link.path, { schema }, async (request, reply) => {
          if (!(await link.known(tokenOf(request)))) return unknownLink(reply, link.of);
          return page(reply, 200, request.url.split('?')[0]!, answer());
        });
        forms.post(link.path, { config: link.config, schema }, async (request, reply) => {
          if (!(await link.act(tokenOf(request)))) return unknownLink(reply, link.of);
          return link.then(request, reply);
        });
      }

      mailLink({
        path: newsletterPaths.confirm,
        of: newsletterLinks.confirm,
        known: subscriptions.isConfirmable,
        act: subscriptions.confirm,
        config: { sameOriginPost: true },
        then: async (_request, reply) => seeOther(reply, newsletterPaths.confirmed),
      });

      mailLink({
        path: newsletterPaths.unsubscribe,
        of: newsletterLinks.unsubscribe,
        known: subscriptions.isUnsubscribable,
        act: subscriptions.unsubscribe,
        // No CSRF token and no Origin check: the token in the path is the proof, and a mail provider's
        // one-click post comes from no page of this site (RFC 8058; docs/decisions/031).
        config: { tokenInPathPost: true },
        then: async (request, reply) => {
          // RFC 8058 asks for a plain success, no redirect; the page's button gets post-then-redirect.
          if (formFields(request.body)['List-Unsubscribe'] === ONE_CLICK_BODY) {
            return page(reply, 200, newsletterPaths.unsubscribed);
          }
          return seeOther(reply, newsletterPaths.unsubscribed);
        },
      });
    });
  };
}
