import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { recoveryMessages } from '../../shared/messages.ts';
import { answeredId } from '../lib/answered-id.ts';
import { HttpError } from '../plugins/errors.ts';
import { recentlyConfirmed, tellOtherAdmins } from './step-up.service.ts';

/** What a sensitive route says it did, for the other admins' mail ("creó la cuenta de …"). */
export type DescribeAction = (request: FastifyRequest) => string;

/** The hooks a sensitive route adds to its options: `...app.stepUp(describe)`. */
export interface StepUpHooks {
  preValidation: (request: FastifyRequest) => Promise<void>;
  onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
}

/**
 * Decorates `app.stepUp(describe)` (decision 035): the hooks of a sensitive action. Before the body is
 * even validated, the session must have confirmed its password (and code) within the last five minutes
 * (`POST /api/admin/me/confirm`), else 403 `STEP_UP_REQUIRED`. Once the action succeeded, and before the
 * answer leaves, every other admin is told (step-up.service.ts).
 */
export const stepUpPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('stepUp', (describe: DescribeAction): StepUpHooks => ({
      async preValidation(request) {
        if (!recentlyConfirmed(request.session.get('stepUpAt'))) {
          throw new HttpError(403, 'STEP_UP_REQUIRED', recoveryMessages.stepUpRequired);
        }
      },
      async onSend(request, reply, payload) {
        if (reply.statusCode >= 300) return payload;
        try {
          // The record acted on (a new admin) is not told about itself; a removed one no longer exists.
          const what = request.stepUpAction ?? describe(request);
          await tellOtherAdmins(app, request.session.get('adminId'), what, answeredId(payload));
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
