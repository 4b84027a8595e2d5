import { InsertQueryNode, ValuesNode, type Kysely, type KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { clock } from '../../shared/clock.ts';
import type { Database, SubscriberStatus } from '../db/schema.ts';
import { toCsv } from '../lib/csv.ts';
import { openTestDatabase, testDialects } from '../test/databases.ts';
import { createCampaign, queueNextBatch, startSending, QUEUE_BATCH_SIZE } from './campaigns.service.ts';
import { subscribersCsv } from './subscriptions.service.ts';

const HEADER = ['Correo', 'Nombre', 'Estado', 'Desde (hora de la Ciudad de México)', 'Origen', 'Alta'];
const LABELS: Record<SubscriberStatus, string> = {
  pending: 'Pendiente',
  active: 'Activa',
  unsubscribed: 'Dada de baja',
  bounced: 'Rebotada',
};

/**
 * The database as a counter sees it: how many queries ran, the most rows any of them returned, and
 * the most rows any one insert wrote.
 */
function counting(db: Kysely<Database>) {
  const seen = { queries: 0, largestResult: 0, largestInsert: 0 };
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      if (InsertQueryNode.is(node) && node.values && ValuesNode.is(node.values)) {
        seen.largestInsert = Math.max(seen.largestInsert, node.values.values.length);
      }
      return node;
    },
    async transformResult({ result }) {
      seen.queries += 1;
      seen.largestResult = Math.max(seen.largestResult, result.rows.length);
      return result;
    },
  };
  return { db: db.withPlugin(plugin), seen };
}

describe.each(testDialects)('listas largas del boletín sin retenerlas enteras, en %s', (dialect) => {
  const database = openTestDatabase(dialect);

  /** `count` subscribers written straight into the table, in id order, every third with a name. */
  async function store(prefix: string, count: number, status: SubscriberStatus) {
    const stored = Array.from({ length: count }, (_, index) => ({
      id: `${prefix}${String(index).padStart(6, '0')}`,
      email: `${prefix}${String(index).padStart(6, '0')}@example.org`,
      full_name: index % 3 === 0 ? `Socia ${index}, "de prueba"` : null,
      status,
      source: 'boletin',
      notice_version: '2026-12-03',
      confirm_token_hash: null,
      created_at: '2031-05-06T17:45:00.000Z',
      pending_since: null,
      confirmed_at: null,
      unsubscribed_at: null,
      bounced_at: null,
      status_changed_at: '2031-05-07T01:05:00.000Z',
    }));
    for (let at = 0; at < count; at += 500) {
      await database.db
        .insertInto('newsletter_subscribers')
        .values(stored.slice(at, at + 500))
        .execute();
    }
    return stored;
  }

  it('exporta miles de suscriptoras a medida que las lee, una página de mil a la vez', async () => {
    const stored = await store('lote-', 2_500, 'pending');
    const { db, seen } = counting(database.db);
    const chunks: string[] = [];
    let readBeforeFirstChunk = -1;
    for await (const chunk of subscribersCsv(db, { q: 'lote-' })) {
      if (chunks.length === 0) readBeforeFirstChunk = seen.queries;
      chunks.push(String(chunk));
    }
    // The first rows left after one page was read, not after the whole list.
    expect(readBeforeFirstChunk).toBe(1);
    expect(seen.largestResult).toBe(1_000);
    expect(seen.queries).toBe(3);
    const expected = toCsv(
      HEADER,
      stored.map((row) => [
        row.email,
        row.full_name ?? '',
        LABELS[row.status],
        clock.formatNumeric(row.status_changed_at),
        row.source,
        clock.formatNumeric(row.created_at),
      ]),
    );
    expect(chunks.join('')).toBe(expected);
  });

  it('encola una campaña para 20,000 suscriptoras en lotes de 500, cada uno en su transacción, sin leerlas todas a la vez', async () => {
    const subscribers = 20_000;
    await store('socia-', subscribers, 'active');
    const id = await createCampaign(database.db, { subject: 'Para todas', html: '<p>Noticias</p>' });
    expect(await startSending(database.db, id)).toBe(true);
    const { db, seen } = counting(database.db);
    const site = { siteUrl: 'https://sitio.example.org', mailFrom: 'Sitio <no-responder@example.org>' };
    const delivered = () =>
      database.db
        .selectFrom('newsletter_deliveries')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
        .where('campaign_id', '=', id)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    const batches: number[] = [];
    for (let queued; (queued = await queueNextBatch(db, id, site)) > 0;) {
      batches.push(queued);
      // Each batch is committed when its call returns: a crash after it would keep it.
      expect(await delivered()).toBe(batches.length * QUEUE_BATCH_SIZE);
    }
    expect(batches).toEqual(Array.from({ length: subscribers / QUEUE_BATCH_SIZE }, () => QUEUE_BATCH_SIZE));
    expect(seen.largestResult).toBeLessThanOrEqual(QUEUE_BATCH_SIZE);
    expect(seen.largestInsert).toBe(QUEUE_BATCH_SIZE);
    const campaign = await database.db
      .selectFrom('newsletter_campaigns')
      .select(['status', 'total'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(campaign).toEqual({ status: 'sending', total: subscribers });
    const outbox = await database.db
      .selectFrom('outbox')
      .select((eb) => [
        eb.fn.countAll<number | string | bigint>().as('n'),
        eb.fn.count('to_address').distinct().as('to'),
      ])
      .where('purpose', '=', 'newsletter')
      .where('to_address', 'like', 'socia-%')
      .executeTakeFirstOrThrow();
    expect({ n: Number(outbox.n), to: Number(outbox.to) }).toEqual({ n: subscribers, to: subscribers });
  }, 60_000);
});
