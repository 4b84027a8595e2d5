import type { Kysely } from 'kysely';
import type { CampaignStatus, Database } from '../db/schema.ts';
import type { CampaignRow } from './campaigns.repository.ts';
import { deliveryStatusCounts } from './deliveries.repository.ts';

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

/** The progress of several campaigns (a page of the list), from one grouped read. */
export async function campaignsProgress(
  db: Kysely<Database>,
  rows: readonly CampaignRow[],
): Promise<CampaignProgress[]> {
  const sending = rows.filter((row) => row.status !== 'draft').map((row) => row.id);
  const counts = await deliveryStatusCounts(db, sending);
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
