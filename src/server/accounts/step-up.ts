import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MINUTE_MS } from '../../shared/clock.ts';
import { recoveryMessages } from '../../shared/messages.ts';
import { queueMail } from '../mail/outbox.repository.ts';
import { HttpError } from '../plugins/errors.ts';
import { findAdminById, listAdmins } from './admins.repository.ts';
import { sensitiveActionMail } from './templates.ts';
import { looksLikeTotp, totpStep } from './second-factor.ts';
import { claimTotpStep, useRecoveryCode } from './second-factor.repository.ts';

/** How long a session stays "recently confirmed" after the password (and code) was typed again. */
export const STEP_UP_MS = 5 * MINUTE_MS;

/**
 * Checks a second-factor code for the account: a six-digit code from the app (each time step once) or
 * an unused recovery code (then used up). Answers which one worked.
 */
export async function checkSecondFactorCode(
  app: FastifyInstance,
  adminId: string,
  secret: string,
  code: string,
): Promise<'totp' | 'recovery' | undefined> {
  if (looksLikeTotp(code)) {
    const step = totpStep(secret, code);
    return step !== null && (await claimTotpStep(app.db, adminId, step)) ? 'totp' : undefined;
  }
  return (await useRecoveryCode(app.db, adminId, code)) ? 'recovery' : undefined;
}

/** What a sensitive route says it did, for the other admins' mail ("creó la cuenta de …"). */
export type DescribeAction = (request: FastifyRequest) => string;

/** The hooks a sensitive route adds to its options: `...app.stepUp(describe)`. */
export interface StepUpHooks {
  preValidation: (request: FastifyRequest) => Promise<void>;
  onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
}

function idIn(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || payload.length > 10_000) return undefined;
  try {
    const id = (JSON.parse(payload) as { data?: { id?: unknown } }).data?.id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Decorates `app.stepUp(describe)` (decision 035): the hooks of a sensitive action. Before the body is
 * even validated, the session must have confirmed its password (and code) within the last five minutes
 * (`POST /api/admin/me/confirm`), else 403 `STEP_UP_REQUIRED`. Once the action succeeded, and before the
 * answer leaves, every other admin is sent a mail through the outbox saying who did what and when.
 */
export const stepUpPlugin = fp(
  async (app: FastifyInstance) => {
    const tellOtherAdmins = async (request: FastifyRequest, what: string, exclude: string | undefined) => {
      const actorId = request.session.get('adminId');
      const actor = actorId ? await findAdminById(app.db, actorId) : undefined;
      const others = (await listAdmins(app.db)).filter(
        (admin) => admin.id !== actorId && admin.id !== exclude,
      );
      if (others.length === 0) return;
      const content = sensitiveActionMail(actor?.email ?? 'Una administradora', what);
      await queueMail(
        app.db,
        others.map((admin) => ({
          purpose: 'admin-sensitive-action',
          to: admin.email,
          ...content,
          refId: admin.id,
        })),
        app.config.mailFrom,
      );
      app.mailWorker.wake();
    };

    app.decorate('stepUp', (describe: DescribeAction): StepUpHooks => ({
      async preValidation(request) {
        const at = request.session.get('stepUpAt');
        if (!at || Date.now() - at > STEP_UP_MS) {
          throw new HttpError(403, 'STEP_UP_REQUIRED', recoveryMessages.stepUpRequired);
        }
      },
      async onSend(request, reply, payload) {
        if (reply.statusCode >= 300) return payload;
        try {
          // The record acted on (a new admin) is not told about itself; a removed one no longer exists.
          await tellOtherAdmins(request, request.stepUpAction ?? describe(request), idIn(payload));
        } catch (error) {
          request.log.error({ err: error }, 'could not queue the sensitive-action mail');
        }
        return payload;
      },
    }));
  },
  { name: 'step-up', dependencies: ['database', 'mail'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The hooks of a sensitive route: password confirmed within five minutes, other admins told. */
    stepUp(describe: DescribeAction): StepUpHooks;
  }
  interface FastifyRequest {
    /** Set by a sensitive route's handler when what it did is known only then (a removed account's address). */
    stepUpAction?: string;
  }
  interface Session {
    /** When this session last confirmed its password (and code) for a sensitive action, in ms. */
    stepUpAt?: number;
  }
}
