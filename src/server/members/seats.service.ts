import { memberMessages } from '../../shared/member-schemas.ts';
import { memberLinks } from '../../shared/member-paths.ts';
import { isCorporate } from '../../shared/members.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import { recordConsent } from '../consent/consents.repository.ts';
import { timeOrderedId } from '../db/ids.ts';
import { hashToken, newToken } from '../lib/link-tokens.ts';
import { mailTo, newPageLink, type MembersContext } from './context.ts';
import { statusOf } from './member-page.service.ts';
import { ensureNumber, insertMember, lockMember, memberView } from './members.repository.ts';
import {
  acceptInvitation as markAccepted,
  addHistory,
  addInvitation,
  addLink,
  invitationByToken,
  invitationsOf,
} from './records.repository.ts';
import { invitationMail, seatWelcomeMail } from './templates.ts';

/**
 * Corporate seats: a coordinator whose membership is active (or in its grace) invites people by e-mail,
 * at most her plan's seats less her own; each invitation's link opens a page whose button accepts, and
 * the person who accepts becomes a member who shares the coordinator's period.
 */

export type InviteOutcome = 'invited' | 'already' | 'limit' | 'not-allowed';

export const inviteMessages: Record<Exclude<InviteOutcome, 'invited'>, (seats: number) => string> = {
  already: () => memberMessages.alreadyInvited,
  limit: (seats) => memberMessages.inviteLimit(seats),
  'not-allowed': () => memberMessages.inviteNotAllowed,
};

export async function invite(
  context: MembersContext,
  coordinatorId: string,
  email: string,
): Promise<{ outcome: InviteOutcome; seats: number }> {
  const now = context.now();
  const outcome = await context.db.transaction().execute(async (trx) => {
    // Her row's lock first: two invitations at once are counted one after the other.
    await lockMember(trx, coordinatorId, now);
    const coordinator = await memberView(trx, coordinatorId);
    if (!coordinator) return { outcome: 'not-allowed' as const, seats: 0 };
    const status = statusOf(coordinator, now);
    const seats = coordinator.seats;
    if (
      !isCorporate(coordinator.plan) ||
      coordinator.coordinator_id ||
      (status !== 'activa' && status !== 'en_gracia')
    ) {
      return { outcome: 'not-allowed' as const, seats };
    }
    if (email.trim().toLowerCase() === coordinator.email_key) return { outcome: 'already' as const, seats };
    const invitations = await invitationsOf(trx, coordinatorId);
    if (invitations.length >= seats - 1) return { outcome: 'limit' as const, seats };
    const token = newToken();
    const added = await addInvitation(trx, { coordinatorId, email, tokenHash: hashToken(token), now });
    if (!added) return { outcome: 'already' as const, seats };
    await addHistory(trx, {
      memberId: coordinatorId,
      actor: 'socia',
      action: 'invitacion',
      detail: `Invitó a ${email.trim()} a un lugar de su membresía`,
      at: now,
    });
    const link = `${context.siteUrl}${memberLinks.invitation(token)}`;
    await mailTo(trx, context, email, [
      {
        purpose: 'member-invitation',
        to: email.trim(),
        refId: coordinatorId,
        ...invitationMail({ organisation: coordinator.organisation, link }),
      },
    ]);
    return { outcome: 'invited' as const, seats };
  });
  if (outcome.outcome === 'invited') context.wake();
  return outcome;
}

/** An invitation's page: whether it can still be accepted, and whose membership it is. */
export async function invitationInfo(context: MembersContext, token: string) {
  const invitation = await invitationByToken(context.db, hashToken(token));
  if (!invitation || invitation.accepted_at) return undefined;
  const coordinator = await memberView(context.db, invitation.coordinator_id);
  if (!coordinator) return undefined;
  const status = statusOf(coordinator, context.now());
  if (status !== 'activa' && status !== 'en_gracia') return undefined;
  return { invitation, coordinator };
}

export type AcceptOutcome = { kind: 'accepted'; token: string } | { kind: 'invalid' } | { kind: 'member' };

/**
 * Accepts an invitation: the person becomes a member on the coordinator's plan, in her period, with her
 * number, a link to her page (the answer goes straight to it) and another in her welcome mail. The
 * privacy notice of the form she sent is recorded as her consent.
 */
export async function acceptInvitation(
  context: MembersContext,
  token: string,
  person: { fullName: string; position: string },
): Promise<AcceptOutcome> {
  const now = context.now();
  const outcome = await context.db.transaction().execute(async (trx): Promise<AcceptOutcome> => {
    const invitation = await invitationByToken(trx, hashToken(token));
    if (!invitation || invitation.accepted_at) return { kind: 'invalid' };
    const coordinator = await memberView(trx, invitation.coordinator_id);
    const status = coordinator && statusOf(coordinator, now);
    if (!coordinator || (status !== 'activa' && status !== 'en_gracia')) return { kind: 'invalid' };
    const id = timeOrderedId(now.getTime());
    const inserted = await insertMember(trx, {
      id,
      number: null,
      full_name: person.fullName,
      email: invitation.email,
      email_key: invitation.email_key,
      organisation: coordinator.organisation,
      position: person.position,
      phone: '',
      plan: coordinator.plan,
      status: 'socia',
      period_start: null,
      period_end: null,
      coordinator_id: coordinator.id,
      request_id: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    if (!inserted) return { kind: 'member' };
    if (!(await markAccepted(trx, invitation.id, id, now))) throw new Error('invitation accepted twice');
    const number = await ensureNumber(trx, id, now);
    await recordConsent(trx, {
      email: invitation.email,
      purpose: 'privacy-notice',
      source: 'socia-invitacion',
      noticeVersion: PRIVACY_NOTICE_VERSION,
      refId: id,
      givenAt: now,
    });
    await addHistory(trx, {
      memberId: id,
      actor: 'socia',
      action: 'alta',
      detail: `Aceptó la invitación a un lugar de la membresía de la socia ${coordinator.number ?? ''}; número de socia ${number}`,
      at: now,
    });
    await addHistory(trx, {
      memberId: coordinator.id,
      actor: 'sistema',
      action: 'lugar',
      detail: `${invitation.email} aceptó su invitación (socia ${number})`,
      at: now,
    });
    const pageToken = newToken();
    await addLink(trx, id, hashToken(pageToken), now);
    const link = await newPageLink(trx, context, id, now);
    await mailTo(trx, context, invitation.email, [
      {
        purpose: 'member-seat-welcome',
        to: invitation.email,
        refId: id,
        ...seatWelcomeMail({ number, link }),
      },
    ]);
    return { kind: 'accepted', token: pageToken };
  });
  if (outcome.kind === 'accepted') context.wake();
  return outcome;
}
