import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Campaign, CampaignAudience, CampaignInput } from '../../shared/admin-schemas.ts';
import { newsletterMessages } from '../../shared/messages.ts';
import { timeOrderedId } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import { InvalidInputError } from '../domain-errors.ts';
import { hashToken, newToken } from '../lib/link-tokens.ts';
import { sanitizeNewsHtml } from '../lib/sanitize.ts';
import { queueMail, type OutboxRow } from '../mail/outbox.repository.ts';
import type { MemberAudience } from '../plugins/member-audience.ts';
import { countCampaignAudience, recipientsAfter } from './campaign-audience.ts';
import { campaignsProgress } from './campaign-progress.ts';
import {
  adminEmail,
  campaignsBeingQueued,
  campaignsPage,
  getCampaignRow,
  insertCampaign,
  markQueued,
  moveCursor,
  updateDraft,
  type CampaignRow,
} from './campaigns.repository.ts';
import {
  cancelUncertain,
  countDeliveries,
  insertDeliveries,
  requeueUncertain,
} from './deliveries.repository.ts';
import { markBounced } from './subscriptions.service.ts';
import { CAMPAIGN_PURPOSE, campaignContent, campaignMail, type MailSettings } from './templates.ts';

/**
 * Subscribers queued per transaction: a batch's rows are all that is ever held in memory. A batch's
 * outbox rows go in one insert, about 21 parameters a row: well under SQLite's 32,766 a statement.
 */
export const QUEUE_BATCH_SIZE = 500;

/** A campaign refused because it was already sent (or is being sent). */
export class CampaignAlreadySentError extends Error {
  constructor() {
    super('campaign already sent');
    this.name = 'CampaignAlreadySentError';
  }
}

/** Another instance queued the same batch first; the transaction was rolled back. */
export class QueueRaceError extends Error {
  constructor() {
    super('another queuer moved the campaign cursor');
    this.name = 'QueueRaceError';
  }
}

/** A campaign as the admin writes it; without an audience it goes to every active subscriber. */
export type CampaignDraft = Omit<CampaignInput, 'audience'> & { audience?: CampaignAudience };

/** Where no members domain answers (scripts, some tests): a member audience cannot be read. */
const NO_MEMBERS: MemberAudience = {
  // eslint-disable-next-line require-yield
  async *emails() {
    throw new Error('no member audience is provided');
  },
};

function cleanHtml(html: string): string {
  const clean = sanitizeNewsHtml(html);
  if (!clean) throw new InvalidInputError({ html: newsletterMessages.emptyHtml });
  return clean;
}

/**
 * What a change meant only for drafts found: true when it was made; false when there is no such
 * campaign; CampaignAlreadySentError when there is one but it is no draft any more.
 */
async function draftOnly(db: Kysely<Database>, id: string, changed: boolean): Promise<boolean> {
  if (changed) return true;
  if (await getCampaignRow(db, id)) throw new CampaignAlreadySentError();
  return false;
}

export async function createCampaign(db: Kysely<Database>, input: CampaignDraft, now = new Date()) {
  const id = timeOrderedId();
  const nowIso = now.toISOString();
  await insertCampaign(db, {
    id,
    subject: input.subject,
    html: cleanHtml(input.html),
    audience: input.audience ?? 'all',
    status: 'draft',
    cursor: null,
    created_at: nowIso,
    updated_at: nowIso,
    send_started_at: null,
    queued_at: null,
  });
  return id;
}

/** Changes a draft; a campaign once sent is kept as it went out. */
export async function updateCampaign(db: Kysely<Database>, id: string, input: CampaignDraft) {
  const fields = {
    subject: input.subject,
    html: cleanHtml(input.html),
    audience: input.audience ?? 'all',
    updated_at: new Date().toISOString(),
  };
  return draftOnly(db, id, await updateDraft(db, id, fields));
}

/**
 * Marks a draft as being sent, once: the second call (or one for a campaign already sent) throws
 * CampaignAlreadySentError. `total` starts as the size of its audience at this moment.
 */
export function startSending(
  db: Kysely<Database>,
  id: string,
  now = new Date(),
  members: MemberAudience = NO_MEMBERS,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const nowIso = now.toISOString();
    const draft = await getCampaignRow(trx, id);
    const audience = (draft?.audience ?? 'all') as CampaignAudience;
    const total = draft?.status === 'draft' ? await countCampaignAudience(trx, audience, members) : 0;
    const marked = await updateDraft(trx, id, {
      status: 'queuing',
      total,
      send_started_at: nowIso,
      updated_at: nowIso,
    });
    return draftOnly(trx, id, marked);
  });
}

export interface QueueOptions extends MailSettings {
  batchSize?: number;
  /** Who the members are, for a campaign to a member audience (the members domain provides it). */
  members?: MemberAudience;
}

/**
 * Queues the next batch of a campaign being queued: one personal outbox row per active subscriber
 * after the campaign's cursor (its own unsubscribe token, bulk stream, refId = the subscriber), with
 * their deliveries and the moved cursor, in ONE transaction. A crash loses a whole batch or none,
 * and the deliveries' primary key makes a second copy for a subscriber impossible, so a restart
 * (or another instance) picks up exactly where the last commit left off. Returns how many it queued;
 * 0 means the campaign is fully queued (its status is then `sending`).
 */
export function queueNextBatch(
  db: Kysely<Database>,
  campaignId: string,
  options: QueueOptions,
  now = new Date(),
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const campaign = await getCampaignRow(trx, campaignId);
    if (!campaign || campaign.status !== 'queuing') return 0;
    const batch = await recipientsAfter(
      trx,
      campaign.audience as CampaignAudience,
      options.members ?? NO_MEMBERS,
      campaign.cursor,
      options.batchSize ?? QUEUE_BATCH_SIZE,
    );
    const nowIso = now.toISOString();
    if (batch.length === 0) {
      await markQueued(trx, campaignId, await countDeliveries(trx, campaignId), nowIso);
      return 0;
    }
    // The cursor moves only from where this batch started: a batch another instance committed
    // meanwhile makes this update fail, and with it the whole transaction.
    if (!(await moveCursor(trx, campaignId, campaign.cursor, batch[batch.length - 1]!.id, nowIso))) {
      throw new QueueRaceError();
    }
    const content = campaignContent(campaign.subject, campaign.html);
    const tokens = batch.map(() => newToken());
    const messages = batch.map((subscriber, index) => ({
      purpose: CAMPAIGN_PURPOSE,
      to: subscriber.email,
      ...campaignMail(options, content, tokens[index]!),
      stream: 'bulk' as const,
      refId: subscriber.id,
    }));
    const outboxIds = await queueMail(trx, messages, options.mailFrom, now);
    await insertDeliveries(
      trx,
      batch.map((subscriber, index) => ({
        campaign_id: campaignId,
        subscriber_id: subscriber.id,
        outbox_id: outboxIds[index]!,
        token_hash: hashToken(tokens[index]!),
        created_at: nowIso,
      })),
    );
    return batch.length;
  });
}

/**
 * Staff chose to resend a campaign's uncertain messages: those to subscribers still active (and not
 * blocked) are due again at once, with the same Message-ID, so a mail program that did get the first
 * copy can drop the second; the others are cancelled. Returns how many were put back.
 */
export function resendUncertain(db: Kysely<Database>, campaignId: string, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const resent = await requeueUncertain(trx, campaignId, now.toISOString());
    await cancelUncertain(trx, campaignId);
    return resent;
  });
}

/** A campaign as the admin reads it: its content and how its sending goes. */
export async function campaignsOut(db: Kysely<Database>, rows: readonly CampaignRow[]): Promise<Campaign[]> {
  const progress = await campaignsProgress(db, rows);
  return rows.map((row, index) => ({
    id: row.id,
    subject: row.subject,
    html: row.html,
    audience: row.audience as CampaignAudience,
    createdAt: row.created_at,
    sendStartedAt: row.send_started_at,
    ...progress[index]!,
  }));
}

/** The campaigns as the admin's routes use them: each answer a campaign as the admin reads it. */
export function campaignsService(app: FastifyInstance) {
  const mail = { mailFrom: app.config.mailFrom, siteUrl: app.config.siteUrl };
  const queuing = new Map<string, Promise<void>>();
  // Read when a campaign is sent: the members domain registers after this one.
  const members = (): MemberAudience =>
    app.hasDecorator('memberAudience') ? app.memberAudience : NO_MEMBERS;

  const byId = async (id: string) => {
    const row = await getCampaignRow(app.db, id);
    return row && (await campaignsOut(app.db, [row]))[0];
  };

  async function queueAll(campaignId: string): Promise<void> {
    for (;;) {
      try {
        if ((await queueNextBatch(app.db, campaignId, { ...mail, members: members() })) === 0) return;
        app.mailWorker.wake();
      } catch (error) {
        // Another instance queued this batch first: it carries on with the campaign.
        if (error instanceof QueueRaceError) return;
        throw error;
      }
    }
  }

  /** Queues a campaign marked for sending, batch after batch, without making anyone wait. */
  function queueInBackground(campaignId: string): void {
    if (queuing.has(campaignId)) return;
    const run = queueAll(campaignId)
      .catch((error: unknown) =>
        app.log.error({ err: error, campaignId }, 'campaign queuing stopped; it resumes within a minute'),
      )
      .finally(() => queuing.delete(campaignId));
    queuing.set(campaignId, run);
  }

  return {
    byId,
    async list(page: { offset: number; limit: number }) {
      const { rows, total } = await campaignsPage(app.db, page);
      return { data: await campaignsOut(app.db, rows), total };
    },
    create: (input: CampaignDraft) => createCampaign(app.db, input),
    async update(id: string, input: CampaignDraft) {
      return (await updateCampaign(app.db, id, input)) ? byId(id) : undefined;
    },
    /** One subscriber's copy as it would go out (its unsubscribe link opens the unknown-link page). */
    async preview(id: string) {
      const row = await getCampaignRow(app.db, id);
      if (!row) return undefined;
      const copy = campaignMail(mail, campaignContent(row.subject, row.html), 'vista-previa');
      return { subject: copy.subject, html: copy.html ?? '', text: copy.text };
    },
    /** A test copy to the admin who asks; returns where it goes. */
    async sendTest(id: string, adminId: string | undefined) {
      const row = await getCampaignRow(app.db, id);
      const to = adminId ? await adminEmail(app.db, adminId) : undefined;
      if (!row || !to) return undefined;
      // Its unsubscribe link names no subscriber (it opens the unknown-link page).
      const copy = campaignMail(mail, campaignContent(`[Prueba] ${row.subject}`, row.html), newToken());
      await queueMail(app.db, [{ purpose: 'newsletter-test', to, ...copy, refId: row.id }], mail.mailFrom);
      app.mailWorker.wake();
      return to;
    },
    /** Marks a draft for sending and starts queuing it (CampaignAlreadySentError when it is no draft). */
    async send(id: string) {
      if (!(await startSending(app.db, id, new Date(), members()))) return undefined;
      queueInBackground(id);
      return byId(id);
    },
    async resendUncertain(id: string) {
      const row = await getCampaignRow(app.db, id);
      if (!row) return undefined;
      if ((await resendUncertain(app.db, id)) > 0) app.mailWorker.wake();
      return (await campaignsOut(app.db, [row]))[0];
    },
    queueInBackground,
    /** Takes up again the campaigns whose queuing was cut short (a crash, a restart). */
    async resumeInterrupted() {
      for (const id of await campaignsBeingQueued(app.db)) queueInBackground(id);
    },
    /** Resolves once every queuing started here has finished (tests, graceful stop). */
    async idle() {
      while (queuing.size > 0) await Promise.all(queuing.values());
    },
    /** A permanent refusal of a campaign message marks its subscriber bounced. */
    async onFinalFailure(row: OutboxRow, { permanent }: { permanent: boolean }) {
      if (!permanent || row.purpose !== CAMPAIGN_PURPOSE || !row.ref_id) return;
      if (await markBounced(app.db, row.ref_id)) {
        app.log.warn({ subscriberId: row.ref_id }, 'newsletter address refused for good; marked bounced');
      }
    },
  };
}

export type CampaignsService = ReturnType<typeof campaignsService>;
