import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { endOtherSessions } from '../plugins/session-store.ts';
import { moveSessionsValidAfter } from './admins.repository.ts';

/**
 * Since when a session counts (ms): when its password was checked at sign-in, moved forward when this
 * very session changed the account's password or second factor or closed the others. A session from
 * before this field existed counts from its login.
 */
export function trustedSince(session: FastifyRequest['session']): number {
  return session.get('trustedSince') ?? session.get('loginAt') ?? 0;
}

/**
 * Whether the account ended the session: it signed in before the account's "sessions valid after"
 * instant (decision 046). A session row written back by a request that was still running when the
 * sessions were ended keeps its old sign-in, so it is refused all the same.
 */
export const endedByAccount = (since: number, validAfter: string | null) =>
  validAfter !== null && since < Date.parse(validAfter);

/**
 * Ends every session of the account but `keepSid` for good: the account's "sessions valid after"
 * instant moves to now and the other sessions' rows are deleted, in the caller's transaction. Answers
 * how many rows went and the instant (ms), which the kept session takes as its own (`trustedSince`).
 */
export async function endOtherSessionsForGood(
  trx: Kysely<Database>,
  adminId: string,
  keepSid: string,
): Promise<{ ended: number; validAfter: number }> {
  const validAfter = await moveSessionsValidAfter(trx, adminId, new Date());
  const ended = await endOtherSessions(trx, adminId, keepSid);
  return { ended, validAfter };
}

/**
 * After this session changed the account's password or second factor, or closed the other sessions: it
 * goes on under a new id and CSRF secret, counting from `since` (the account's new "valid after"
 * instant), marked as having given a code at `secondFactorAt` when it has one.
 */
export async function restartTrustedSession(
  request: FastifyRequest,
  reply: FastifyReply,
  since: number,
  secondFactorAt: number | undefined,
) {
  const adminId = request.session.get('adminId')!;
  const loginAt = request.session.get('loginAt');
  await request.session.regenerate();
  request.session.set('adminId', adminId);
  if (loginAt !== undefined) request.session.set('loginAt', loginAt);
  if (secondFactorAt !== undefined) request.session.set('secondFactorAt', secondFactorAt);
  request.session.set('trustedSince', since);
  reply.renewCsrfToken();
}
