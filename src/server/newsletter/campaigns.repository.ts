import type { Kysely, Selectable } from 'kysely';
import { InvalidInputError } from '../domain-errors.ts';
import { sanitizeNewsHtml } from '../lib/sanitize.ts';
import { notBlocked } from '../consent/person-data.ts';
import { timeOrderedId } from '../db/ids.ts';
import type { CampaignStatus, Database, NewsletterCampaignsTable } from '../db/schema.ts';
import { outboxRow } from '../mail/outbox.repository.ts';
import { CAMPAIGN_PURPOSE } from './subscribers.repository.ts';
import { campaignContent, campaignMail, type SiteAddress } from './templates.ts';
import { hashToken, newToken } from '../lib/link-tokens.ts';
import { newsletterMessages } from '../../shared/messages.ts';

export type CampaignRow = Selectable<NewsletterCampaignsTable>;

/** Subscribers queued per transaction: a batch's rows are all that is ever held in memory. */
export const QUEUE_BATCH_SIZE = 500;

/** A campaign refused because it was already sent (or is being sent). */
export class CampaignAlreadySentError extends Error {
  constructor() {
    super('campaign already sent');
    this.name = 'CampaignAlreadySentError';
  }
}

export interface CampaignInput {
  subject: string;
  html: string;
}

function cleanHtml(html: string): string {
  const clean = sanitizeNewsHtml(html);
  if (!clean) throw new InvalidInputError({ html: newsletterMessages.emptyHtml });
  return clean;
}

export async function createCampaign(db: Kysely<Database>, input: CampaignInput, now = new Date()) {
  const id = timeOrderedId();
  const nowIso = now.toISOString();
  await db
    .insertInto('newsletter_campaigns')
    .values({
      id,
      subject: input.subject,
      html: cleanHtml(input.html),
      status: 'draft',
      cursor: null,
      created_at: nowIso,
      updated_at: nowIso,
      send_started_at: null,
      queued_at: null,
    })
    .execute();
  return id;
}

/** Changes a draft; a campaign once sent is kept as it went out. */
export async function updateCampaign(db: Kysely<Database>, id: string, input: CampaignInput) {
  const result = await db
    .updateTable('newsletter_campaigns')
    .set({ subject: input.subject, html: cleanHtml(input.html), updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return true;
  if (await getCampaignRow(db, id)) throw new CampaignAlreadySentError();
  return false;
}

export const getCampaignRow = (db: Kysely<Database>, id: string) =>
  db.selectFrom('newsletter_campaigns').selectAll().where('id', '=', id).executeTakeFirst();

/** What the admin reads of a campaign's sending: `sent` once nothing of it waits any more. */
export type CampaignProgressStatus = CampaignStatus | 'sent';

export interface CampaignProgress {
  status: CampaignProgressStatus;
  total: number;
  queued: number;
  sent: number;
  failed: number;
  cancelled: number;
  /**
   * Sent whole to the mail server by a sender that stopped before its answer was recorded: nearly
   * always delivered, not resent unless staff ask (decisions 036 and 039).
   */
  uncertain: number;
}

export async function campaignProgress(db: Kysely<Database>, row: CampaignRow): Promise<CampaignProgress> {
  return (await campaignsProgress(db, [row]))[0]!;
}

/** The progress of several campaigns (a page of the list), from one grouped read. */
export async function campaignsProgress(
  db: Kysely<Database>,
  rows: readonly CampaignRow[],
): Promise<CampaignProgress[]> {
  const sending = rows.filter((row) => row.status !== 'draft').map((row) => row.id);
  const counts =
    sending.length === 0
      ? []
      : await db
          .selectFrom('newsletter_deliveries')
          .innerJoin('outbox', 'outbox.id', 'newsletter_deliveries.outbox_id')
          .select([
            'newsletter_deliveries.campaign_id as campaignId',
            'outbox.status as status',
            (eb) => eb.fn.countAll<number | string | bigint>().as('n'),
          ])
          .where('newsletter_deliveries.campaign_id', 'in', sending)
          .groupBy(['newsletter_deliveries.campaign_id', 'outbox.status'])
          .execute();
  return rows.map((row) =>
    progressOf(
      row,
      counts.filter((count) => count.campaignId === row.id),
    ),
  );
}

function progressOf(
  row: CampaignRow,
  counts: readonly { status: string; n: number | string | bigint }[],
): CampaignProgress {
  if (row.status === 'draft') {
    return { status: 'draft', total: 0, queued: 0, sent: 0, failed: 0, cancelled: 0, uncertain: 0 };
  }
  const by = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
  const queued = counts.reduce((sum, c) => sum + Number(c.n), 0);
  const waiting = by('pending') + by('sending');
  return {
    status: row.status === 'sending' && waiting === 0 ? 'sent' : row.status,
    total: row.status === 'queuing' ? Math.max(row.total, queued) : queued,
    queued,
    sent: by('sent'),
    failed: by('failed'),
    cancelled: by('cancelled'),
    uncertain: by('uncertain'),
  };
}

/**
 * Staff chose to resend a campaign's uncertain messages: those to subscribers still active (and not
 * blocked) are due again at once, with the same Message-ID, so a mail program that did get the first
 * copy can drop the second; the others are cancelled. Returns how many were put back.
 */
export async function resendUncertain(db: Kysely<Database>, campaignId: string, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const stillWanted = trx
      .selectFrom('newsletter_deliveries')
      .innerJoin('newsletter_subscribers', 'newsletter_subscribers.id', 'newsletter_deliveries.subscriber_id')
      .select('newsletter_deliveries.outbox_id')
      .where('newsletter_deliveries.campaign_id', '=', campaignId)
      .where('newsletter_subscribers.status', '=', 'active')
      .where((eb) => notBlocked(eb, 'newsletter_subscribers.email'));
    const resent = await trx
      .updateTable('outbox')
      .set({ status: 'pending', next_attempt_at: now.toISOString(), locked_until: null, claim_token: null })
      .where('status', '=', 'uncertain')
      .where('id', 'in', stillWanted)
      .executeTakeFirst();
    await trx
      .updateTable('outbox')
      .set({ status: 'cancelled', claim_token: null })
      .where('status', '=', 'uncertain')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('newsletter_deliveries')
          .select('outbox_id')
          .where('newsletter_deliveries.campaign_id', '=', campaignId),
      )
      .execute();
    return Number(resent.numUpdatedRows);
  });
}

/** One page of the campaigns, newest first, and how many there are in all. */
export async function listCampaigns(db: Kysely<Database>, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('newsletter_campaigns')
      .selectAll()
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('newsletter_campaigns')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * Marks a draft as being sent, once: the second call (or one for a campaign already sent) throws
 * CampaignAlreadySentError. `total` starts as the number of active subscribers at this moment.
 */
export async function startSending(db: Kysely<Database>, id: string, now = new Date()): Promise<boolean> {
  const active = await db
    .selectFrom('newsletter_subscribers')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('status', '=', 'active')
    .where((eb) => notBlocked(eb, 'newsletter_subscribers.email'))
    .executeTakeFirstOrThrow();
  const nowIso = now.toISOString();
  const result = await db
    .updateTable('newsletter_campaigns')
    .set({ status: 'queuing', total: Number(active.n), send_started_at: nowIso, updated_at: nowIso })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return true;
  if (await getCampaignRow(db, id)) throw new CampaignAlreadySentError();
  return false;
}

export interface QueueOptions extends SiteAddress {
  mailFrom: string;
  batchSize?: number;
}

/**
 * Queues the next batch of a campaign being queued: one personal outbox row per active subscriber
 * after the campaign's cursor (its own unsubscribe token, bulk stream, refId = the subscriber), with
 * their deliveries and the moved cursor, in ONE transaction. A crash loses a whole batch or none,
 * and the deliveries' primary key makes a second copy for a subscriber impossible, so a restart
 * (or another instance) picks up exactly where the last commit left off. Returns how many it queued;
 * 0 means the campaign is fully queued (its status is then `sending`).
 */
export async function queueNextBatch(
  db: Kysely<Database>,
  campaignId: string,
  options: QueueOptions,
  now = new Date(),
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const campaign = await getCampaignRow(trx, campaignId);
    if (!campaign || campaign.status !== 'queuing') return 0;
    let query = trx
      .selectFrom('newsletter_subscribers')
      .select(['id', 'email'])
      .where('status', '=', 'active')
      .where((eb) => notBlocked(eb, 'newsletter_subscribers.email'))
      .orderBy('id')
      .limit(options.batchSize ?? QUEUE_BATCH_SIZE);
    if (campaign.cursor) query = query.where('id', '>', campaign.cursor);
    const subscribers = await query.execute();
    const nowIso = now.toISOString();
    if (subscribers.length === 0) {
      const queued = await trx
        .selectFrom('newsletter_deliveries')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
        .where('campaign_id', '=', campaignId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('newsletter_campaigns')
        .set({ status: 'sending', total: Number(queued.n), queued_at: nowIso, updated_at: nowIso })
        .where('id', '=', campaignId)
        .where('status', '=', 'queuing')
        .execute();
      return 0;
    }
    const content = campaignContent(campaign.subject, campaign.html);
    const outbox = [];
    const deliveries = [];
    for (const subscriber of subscribers) {
      const token = newToken();
      const row = outboxRow(
        {
          purpose: CAMPAIGN_PURPOSE,
          to: subscriber.email,
          ...campaignMail(options, content, token),
          stream: 'bulk',
          refId: subscriber.id,
        },
        options.mailFrom,
        nowIso,
      );
      outbox.push(row);
      deliveries.push({
        campaign_id: campaignId,
        subscriber_id: subscriber.id,
        outbox_id: row.id,
        token_hash: hashToken(token),
        created_at: nowIso,
      });
    }
    // The cursor moves only from where this batch started: a batch another instance committed
    // meanwhile makes this update (and with it the whole transaction) a no-op.
    const last = subscribers[subscribers.length - 1]!.id;
    let move = trx
      .updateTable('newsletter_campaigns')
      .set({ cursor: last, updated_at: nowIso })
      .where('id', '=', campaignId);
    move = campaign.cursor ? move.where('cursor', '=', campaign.cursor) : move.where('cursor', 'is', null);
    const moved = await move.executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) throw new QueueRaceError();
    await trx.insertInto('newsletter_deliveries').values(deliveries).execute();
    // Outbox rows in slices: SQLite takes at most 32766 parameters in one statement.
    for (let at = 0; at < outbox.length; at += 250) {
      await trx
        .insertInto('outbox')
        .values(outbox.slice(at, at + 250))
        .execute();
    }
    return subscribers.length;
  });
}

/** Another instance queued the same batch first; the transaction was rolled back. */
export class QueueRaceError extends Error {
  constructor() {
    super('another queuer moved the campaign cursor');
    this.name = 'QueueRaceError';
  }
}

/** Campaigns whose queuing was interrupted (a crash, a restart) and must go on. */
export async function campaignsBeingQueued(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('newsletter_campaigns')
    .select('id')
    .where('status', '=', 'queuing')
    .execute();
  return rows.map((row) => row.id);
}
