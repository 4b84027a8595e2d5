import { InsertQueryNode, ValuesNode, type Kysely, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../shared/clock.ts';
import type { Database, SubscriberStatus } from '../db/schema.ts';
import { toCsv } from '../lib/csv.ts';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
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

interface Stored {
  email: string;
  full_name: string | null;
  status: SubscriberStatus;
  source: string;
  created_at: string;
  status_changed_at: string;
}

describe.each(testDialects)('listas largas del boletín sin retenerlas enteras, en %s', (dialect) => {
  let t: TestApp;
  let admin: Browser;
  beforeAll(async () => {
    // No mail server: what is queued stays in the outbox, where the test counts it.
    t = await createTestApp(dialect);
    admin = new Browser(t.app);
    expect((await admin.login()).statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  /** Subscribers written straight into the table, in id order as given. */
  async function store(subscribers: readonly Stored[]) {
    for (let at = 0; at < subscribers.length; at += 500) {
      await t.app.db
        .insertInto('newsletter_subscribers')
        .values(
          subscribers.slice(at, at + 500).map((subscriber, index) => ({
            id: `${subscriber.email.split('@')[0]}-${String(at + index).padStart(6, '0')}`,
            ...subscriber,
            notice_version: '2026-12-03',
            confirm_token_hash: null,
            pending_since: null,
            confirmed_at: null,
            unsubscribed_at: null,
            bounced_at: null,
          })),
        )
        .execute();
    }
  }
  const many = (prefix: string, count: number, status: SubscriberStatus = 'active'): Stored[] =>
    Array.from({ length: count }, (_, index) => ({
      email: `${prefix}${String(index).padStart(5, '0')}@example.org`,
      full_name: index % 3 === 0 ? `Socia ${index}, "de prueba"` : null,
      status,
      source: 'boletin',
      created_at: '2031-05-06T17:45:00.000Z',
      status_changed_at: '2031-05-07T01:05:00.000Z',
    }));

  it('exporta el CSV con los mismos bytes de antes: marca BOM, fórmulas desactivadas, comillas y saltos de línea', async () => {
    await store([
      {
        email: 'csv-a@example.org',
        full_name: '=SUM(A1)',
        status: 'pending',
        source: 'boletin',
        created_at: '2031-05-06T17:45:00.000Z',
        status_changed_at: '2031-05-07T01:05:00.000Z',
      },
      {
        email: 'csv-b@example.org',
        full_name: 'Pérez, "la Jefa"\nSegunda línea',
        status: 'unsubscribed',
        source: 'contacto',
        created_at: '2031-01-02T03:04:00.000Z',
        status_changed_at: '2031-02-03T04:05:00.000Z',
      },
      {
        email: 'csv-c@example.org',
        full_name: null,
        status: 'bounced',
        source: 'membresia',
        created_at: '2031-08-09T10:11:00.000Z',
        status_changed_at: '2031-09-10T11:12:00.000Z',
      },
    ]);
    const csv = await admin.request('GET', '/api/admin/newsletter/subscribers/export.csv?q=csv-');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="boletin-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const at = (iso: string) => `"${clock.formatNumeric(iso)}"`;
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body).toBe(
      '\uFEFFCorreo,Nombre,Estado,Desde (hora de la Ciudad de México),Origen,Alta\r\n' +
        `csv-a@example.org,'=SUM(A1),Pendiente,${at('2031-05-07T01:05:00.000Z')},boletin,${at('2031-05-06T17:45:00.000Z')}\r\n` +
        `csv-b@example.org,"Pérez, ""la Jefa""\nSegunda línea",Dada de baja,${at('2031-02-03T04:05:00.000Z')},contacto,${at('2031-01-02T03:04:00.000Z')}\r\n` +
        `csv-c@example.org,,Rebotada,${at('2031-09-10T11:12:00.000Z')},membresia,${at('2031-08-09T10:11:00.000Z')}\r\n`,
    );
    const none = await admin.request('GET', '/api/admin/newsletter/subscribers/export.csv?q=nadie-asi');
    expect(none.body).toBe('\uFEFFCorreo,Nombre,Estado,Desde (hora de la Ciudad de México),Origen,Alta\r\n');
  });

  it('exporta miles de suscriptoras a medida que las lee, una página de mil a la vez', async () => {
    const stored = many('lote-', 2_500, 'pending');
    await store(stored);
    const { db, seen } = counting(t.app.db);
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
    const answer = await admin.request('GET', '/api/admin/newsletter/subscribers/export.csv?q=lote-');
    expect(answer.body).toBe(expected);
  });

  it('encola una campaña para 20,000 suscriptoras en lotes de 500, cada uno en su transacción, sin leerlas todas a la vez', async () => {
    const subscribers = 20_000;
    await store(many('socia-', subscribers));
    const id = await createCampaign(t.app.db, { subject: 'Para todas', html: '<p>Noticias</p>' });
    expect(await startSending(t.app.db, id)).toBe(true);
    const { db, seen } = counting(t.app.db);
    const site = { siteUrl: 'https://sitio.example.org', mailFrom: 'Sitio <no-responder@example.org>' };
    const delivered = () =>
      t.app.db
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
    const campaign = await t.app.db
      .selectFrom('newsletter_campaigns')
      .select(['status', 'total'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(campaign).toEqual({ status: 'sending', total: subscribers });
    const outbox = await t.app.db
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
