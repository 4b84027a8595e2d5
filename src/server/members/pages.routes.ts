import fastifyMultipart from '@fastify/multipart';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { apiMessages, messages } from '../../shared/messages.ts';
import {
  LinkedinSchema,
  memberMessages,
  type DirectoryField,
  type MemberPageData,
  type MemberPagesData,
} from '../../shared/member-schemas.ts';
import { memberLinks, memberPaths } from '../../shared/member-paths.ts';
import { EmailSchema, fieldMessages, requiredText } from '../../shared/schemas.ts';
import { TEXT_LIMITS } from '../../shared/constants.ts';
import { HttpError } from '../plugins/errors.ts';
import { publicFormLimit } from '../plugins/security.ts';
import { formFields, parseFormBody, privatePage } from '../site/form-posts.ts';
import { hashToken, looksLikeToken } from '../lib/link-tokens.ts';
import { PROOF_MAX_BYTES, uploadProof } from './applications.service.ts';
import {
  PAGE_NOTICES,
  leave,
  memberPageData,
  requestAccess,
  saveDirectory,
  type PageNotice,
} from './member-page.service.ts';
import { issueRenewal, receiptOf } from './payments.service.ts';
import { memberIdByLink } from './records.repository.ts';
import { acceptInvitation, invitationInfo, invite, inviteMessages } from './seats.service.ts';

const FORM_BODY_LIMIT = 16 * 1024;
type TokenParams = { Params: { token: string } };

/**
 * A member's own pages, drawn with React on the server for one answer each (never kept, never
 * indexed, no referrer: the token is in the address). Every change is a plain form that posts here
 * and is answered 303 back to her page with a notice; GET changes nothing. Posts must come from this
 * site's pages (decision 014); the token in the address says whose page it is.
 */
export const memberPageRoutes: FastifyPluginAsync = async (app) => {
  const context = app.members;
  const rateLimit = publicFormLimit(app);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, parseFormBody(String(body))),
  );
  await app.register(fastifyMultipart, {
    limits: { fileSize: PROOF_MAX_BYTES, files: 1, fields: 2, parts: 3, headerPairs: 100 },
  });

  const send = async (reply: FastifyReply, status: number, path: string, data: MemberPagesData) =>
    privatePage(reply, status)
      .header('Referrer-Policy', 'no-referrer')
      .send(await app.pageRenderer.renderPrivatePage(path, { data }));
  const unknown = (reply: FastifyReply, path: string) =>
    send(reply, 404, path, { kind: 'socia-desconocida' });
  const back = (reply: FastifyReply, token: string, notice?: PageNotice) =>
    reply
      .header('Cache-Control', 'no-store')
      .redirect(`${memberLinks.page(token)}${notice ? `?aviso=${notice}` : ''}`, 303);
  const memberOf = async (token: string) =>
    looksLikeToken(token) ? memberIdByLink(app.db, hashToken(token)) : undefined;
  const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!;

  /** Her page again, for this answer, with the messages of the form she sent. */
  const againWith = async (
    reply: FastifyReply,
    request: FastifyRequest,
    memberId: string,
    status: number,
    feedback: Pick<MemberPageData, 'fields' | 'values'>,
  ) => {
    const token = (request.params as { token: string }).token;
    const data = await memberPageData(context, memberId, feedback);
    return data ? send(reply, status, memberLinks.page(token), data) : unknown(reply, pathOf(request));
  };

  // A refusal (another site's post, too many posts, a body too large) reads as the access page.
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status < 400 || status >= 500) throw error;
    const message =
      error instanceof HttpError
        ? error.message
        : status === 413
          ? apiMessages.payloadTooLarge
          : apiMessages.validation;
    request.log.info({ status }, 'member page post refused');
    return send(reply, status, memberPaths.access, { kind: 'socia-acceso', sent: false, notice: message });
  });

  app.get<{ Querystring: { enviado?: string } }>(memberPaths.access, async (request, reply) =>
    send(reply, 200, memberPaths.access, { kind: 'socia-acceso', sent: request.query.enviado === '1' }),
  );

  app.post(memberPaths.access, { config: { sameOriginPost: true, rateLimit } }, async (request, reply) => {
    const typed = formFields(request.body).email;
    const parsed = EmailSchema.safeParse(typed);
    if (!parsed.success) {
      return send(reply, 400, memberPaths.access, {
        kind: 'socia-acceso',
        sent: false,
        fields: { email: fieldMessages(parsed.error.issues)._ ?? messages.required },
        values: { email: typeof typed === 'string' ? typed.slice(0, 300) : '' },
      });
    }
    // As the API does: the same answer whoever asks, the lookup and mail after it.
    app.membersLater.run(() => requestAccess(context, parsed.data));
    return reply.header('Cache-Control', 'no-store').redirect(`${memberPaths.access}?enviado=1`, 303);
  });

  app.get<TokenParams & { Querystring: { aviso?: string } }>(memberPaths.page, async (request, reply) => {
    const memberId = await memberOf(request.params.token);
    if (!memberId) return unknown(reply, pathOf(request));
    const notice = request.query.aviso;
    const data = await memberPageData(
      context,
      memberId,
      notice && notice in PAGE_NOTICES ? { notice: PAGE_NOTICES[notice as PageNotice] } : {},
    );
    return data ? send(reply, 200, pathOf(request), data) : unknown(reply, pathOf(request));
  });

  const post = { config: { sameOriginPost: true, rateLimit } };

  app.post<TokenParams>(memberPaths.directory, post, async (request, reply) => {
    const memberId = await memberOf(request.params.token);
    if (!memberId) return unknown(reply, pathOf(request));
    const body = formFields(request.body);
    const ticked = (name: string) => body[name] === 'on';
    const fields = (
      [
        ['fullName', 'showFullName'],
        ['organisation', 'showOrganisation'],
        ['position', 'showPosition'],
        ['linkedin', 'showLinkedin'],
      ] as const
    )
      .filter(([, name]) => ticked(name))
      .map(([field]) => field as DirectoryField);
    const typed = typeof body.linkedin === 'string' ? body.linkedin.trim().slice(0, 400) : '';
    const linkedin = typed ? LinkedinSchema.safeParse(typed) : undefined;
    const problems: Record<string, string> = {};
    if (linkedin && !linkedin.success) problems.linkedin = memberMessages.linkedin;
    if (fields.includes('linkedin') && !typed) problems.linkedin = memberMessages.linkedin;
    if (ticked('listed') && fields.length === 0) problems.fields = 'Elige al menos un dato para mostrar';
    if (Object.keys(problems).length > 0) {
      return againWith(reply, request, memberId, 400, { fields: problems, values: { linkedin: typed } });
    }
    await saveDirectory(context, memberId, {
      listed: ticked('listed'),
      fields,
      linkedin: linkedin?.success ? linkedin.data : null,
    });
    // The directory on /Socias shows it at once here; other instances within their pages' minute.
    app.pageRenderer.invalidate();
    return back(reply, request.params.token, 'directorio');
  });

  app.post<TokenParams>(memberPaths.renew, post, async (request, reply) => {
    const memberId = await memberOf(request.params.token);
    if (!memberId) return unknown(reply, pathOf(request));
    const renewal = await issueRenewal(context, memberId).catch((error: unknown) => {
      // Staff have not saved the bank's details yet: she is told so on her page, not sent away.
      if (error instanceof HttpError && error.code === 'BANK_SETTINGS_MISSING') return 'no-bank' as const;
      throw error;
    });
    if (renewal === 'no-bank') {
      request.log.warn({ memberId }, 'a member asked to renew before the bank details were saved');
      return againWith(reply, request, memberId, 409, {
        fields: { renew: memberMessages.renewalUnavailable },
      });
    }
    return back(reply, request.params.token, renewal ? 'renovar' : undefined);
  });

  app.post<TokenParams>(memberPaths.leave, post, async (request, reply) => {
    const memberId = await memberOf(request.params.token);
    if (!memberId) return unknown(reply, pathOf(request));
    const left = await leave(context, memberId, 'socia');
    if (left) app.pageRenderer.invalidate();
    return back(reply, request.params.token, left ? 'baja' : undefined);
  });

  app.post<TokenParams>(memberPaths.invite, post, async (request, reply) => {
    const memberId = await memberOf(request.params.token);
    if (!memberId) return unknown(reply, pathOf(request));
    const typed = formFields(request.body).email;
    const email = EmailSchema.safeParse(typed);
    const values = { email: typeof typed === 'string' ? typed.slice(0, 300) : '' };
    if (!email.success) {
      return againWith(reply, request, memberId, 400, {
        fields: { email: fieldMessages(email.error.issues)._ ?? messages.required },
        values,
      });
    }
    const { outcome, seats } = await invite(context, memberId, email.data);
    if (outcome !== 'invited') {
      return againWith(reply, request, memberId, 409, {
        fields: { email: inviteMessages[outcome](seats) },
        values,
      });
    }
    return back(reply, request.params.token, 'invitacion');
  });

  app.post<TokenParams>(memberPaths.proof, post, async (request, reply) => {
    const memberId = await memberOf(request.params.token);
    if (!memberId) return unknown(reply, pathOf(request));
    let content: Buffer | undefined;
    try {
      const file = request.isMultipart() ? await request.file() : undefined;
      content = file ? await file.toBuffer() : undefined;
    } catch (error) {
      const tooLarge = (error as { statusCode?: number }).statusCode === 413;
      return againWith(reply, request, memberId, tooLarge ? 413 : 400, {
        fields: { comprobante: tooLarge ? memberMessages.proofSize : memberMessages.proofMissing },
      });
    }
    if (!content || content.length === 0) {
      return againWith(reply, request, memberId, 400, {
        fields: { comprobante: memberMessages.proofMissing },
      });
    }
    const outcome = await uploadProof(context, memberId, content);
    if (outcome === 'wrong-type') {
      return againWith(reply, request, memberId, 415, { fields: { comprobante: memberMessages.proofType } });
    }
    return back(reply, request.params.token, outcome === 'saved' ? 'comprobante' : undefined);
  });

  app.get<{ Params: { token: string; paymentId: string } }>(memberPaths.receipt, async (request, reply) => {
    const memberId = await memberOf(request.params.token);
    const receipt = memberId && (await receiptOf(context, memberId, request.params.paymentId.slice(0, 100)));
    if (!receipt) return unknown(reply, memberLinks.page(request.params.token));
    return reply
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex')
      .header('Referrer-Policy', 'no-referrer')
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="recibo-${receipt.folio}.pdf"`)
      .send(receipt.pdf);
  });

  // A seat's invitation: the page names whose membership it is; its button (a post) accepts.
  app.get<TokenParams>(memberPaths.invitation, async (request, reply) => {
    const found = looksLikeToken(request.params.token)
      ? await invitationInfo(context, request.params.token)
      : undefined;
    return send(reply, found ? 200 : 404, pathOf(request), {
      kind: 'socia-invitacion',
      valid: found !== undefined,
      organisation: found?.coordinator.organisation ?? '',
      planName: found?.coordinator.plan_name ?? '',
    });
  });

  app.post<TokenParams>(memberPaths.invitation, post, async (request, reply) => {
    const { token } = request.params;
    const found = looksLikeToken(token) ? await invitationInfo(context, token) : undefined;
    const page = (status: number, extra: Pick<MemberPageData, 'fields' | 'values'> = {}) =>
      send(reply, status, pathOf(request), {
        kind: 'socia-invitacion',
        valid: found !== undefined,
        organisation: found?.coordinator.organisation ?? '',
        planName: found?.coordinator.plan_name ?? '',
        ...extra,
      });
    if (!found) return page(404);
    const body = formFields(request.body);
    const typed = {
      fullName: typeof body.fullName === 'string' ? body.fullName.slice(0, 400) : '',
      position: typeof body.position === 'string' ? body.position.slice(0, 400) : '',
    };
    const name = requiredText(TEXT_LIMITS.personName).safeParse(typed.fullName);
    const position = typed.position.trim().length > TEXT_LIMITS.position;
    if (!name.success || position) {
      return page(400, {
        values: typed,
        fields: {
          ...(name.success ? {} : { fullName: fieldMessages(name.error.issues)._ ?? messages.required }),
          ...(position ? { position: messages.maxLength(TEXT_LIMITS.position) } : {}),
        },
      });
    }
    const outcome = await acceptInvitation(context, token, {
      fullName: name.data,
      position: typed.position.trim(),
    });
    if (outcome.kind === 'member') {
      return page(409, {
        fields: { fullName: 'Este correo ya es de una socia: pide el enlace a tu página.' },
      });
    }
    if (outcome.kind === 'invalid') return page(404);
    return back(reply, outcome.token, 'bienvenida');
  });
};
