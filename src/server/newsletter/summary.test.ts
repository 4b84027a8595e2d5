import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPaths } from '../../shared/api-paths.ts';
import { DAY_MS } from '../../shared/clock.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import type { SubscriberStatus } from '../db/schema.ts';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.ts';
import { queueNextBatch, startSending } from './campaigns.service.ts';
import { LEASE_MS } from '../test/mail.ts';

// The app's clock stands still at a fixed moment; every stored date is fixed against it.
const NOW = new Date('2025-06-15T18:00:00.000Z');
const CUTOFF = new Date(NOW.getTime() - 30 * DAY_MS).toISOString();
const at = (iso: string) => new Date(iso).toISOString();

interface Stored {
  email: string;
  status: SubscriberStatus;
  confirmedAt?: string;
  unsubscribedAt?: string;
}

const STORED: Stored[] = [
  { email: 'reciente@example.org', status: 'active', confirmedAt: at('2025-06-01T12:00:00Z') },
  { email: 'antigua@example.org', status: 'active', confirmedAt: at('2025-03-01T12:00:00Z') },
  // Confirmed exactly 30 days before: inside the window; a millisecond earlier: outside.
  { email: 'limite@example.org', status: 'active', confirmedAt: CUTOFF },
  {
    email: 'fuera-del-limite@example.org',
    status: 'active',
    confirmedAt: new Date(Date.parse(CUTOFF) - 1).toISOString(),
  },
  {
    email: 'se-fue@example.org',
    status: 'unsubscribed',
    confirmedAt: at('2025-06-05T12:00:00Z'),
    unsubscribedAt: at('2025-06-10T12:00:00Z'),
  },
  {
    email: 'se-fue-hace-tiempo@example.org',
    status: 'unsubscribed',
    confirmedAt: at('2025-01-05T12:00:00Z'),
    unsubscribedAt: at('2025-02-10T12:00:00Z'),
  },
  { email: 'rebotada@example.org', status: 'bounced', confirmedAt: at('2025-06-02T12:00:00Z') },
  { email: 'pendiente@example.org', status: 'pending' },
  { email: 'bloqueada@example.org', status: 'active', confirmedAt: at('2025-06-03T12:00:00Z') },
];

interface Summary {
  active: number;
  joinedLast30Days: number;
  leftLast30Days: number;
  lastCampaign: Record<string, unknown> | null;
}

describe.each(testDialects)('el resumen del boletín en %s', (dialect) => {
  let t: TestApp;
  let peer: SmtpPeer;
  let admin: Browser;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(dialect, {
      smtpUrl: peer.url,
      now: () => NOW,
      mail: { maxAttempts: 3, retryBaseMs: 50, leaseMs: LEASE_MS, pollMs: 50, bulkPerMinute: 100_000 },
    });
    admin = new Browser(t.app);
    expect((await admin.login()).statusCode).toBe(200);
    await t.app.db
      .insertInto('newsletter_subscribers')
      .values(
        STORED.map((row, index) => ({
          id: `resumen-${index}`,
          email: row.email,
          full_name: null,
          status: row.status,
          source: 'boletin',
          notice_version: PRIVACY_NOTICE_VERSION,
          confirm_token_hash: null,
          created_at: at('2025-01-01T12:00:00Z'),
          pending_since: row.status === 'pending' ? at('2025-06-14T12:00:00Z') : null,
          confirmed_at: row.confirmedAt ?? null,
          unsubscribed_at: row.unsubscribedAt ?? null,
          bounced_at: row.status === 'bounced' ? at('2025-06-04T12:00:00Z') : null,
          status_changed_at: row.unsubscribedAt ?? row.confirmedAt ?? at('2025-06-14T12:00:00Z'),
        })),
      )
      .execute();
    await t.app.db
      .insertInto('blocked_people')
      .values({
        email: 'bloqueada@example.org',
        blocked_at: at('2025-06-12T12:00:00Z'),
        erase_after: at('2025-07-12T12:00:00Z'),
        erased_at: null,
      })
      .execute();
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });

  const summary = async () => {
    const answer = await admin.request('GET', adminPaths.newsletterSummary);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    return answer.json<{ data: Summary }>().data;
  };
  const campaign = async (subject: string) => {
    const created = await admin.request('POST', adminPaths.newsletterCampaigns, {
      data: { subject, html: '<p>Texto</p>' },
    });
    expect(created.statusCode).toBe(201);
    return created.json<{ data: { id: string } }>().data.id;
  };

  it('es solo para el personal', async () => {
    const anonymous = await new Browser(t.app).request('GET', adminPaths.newsletterSummary);
    expect(anonymous.statusCode).toBe(401);
  });

  it('cuenta activas, altas y bajas de 30 días como las cuentan las pantallas, sin personas bloqueadas', async () => {
    const figures = await summary();
    expect(figures).toEqual({ active: 4, joinedLast30Days: 4, leftLast30Days: 1, lastCampaign: null });
    // The subscribers' screen shows the same number of active subscribers.
    const list = await admin.request('GET', `${adminPaths.newsletterSubscribers}?status=active`);
    expect(list.json<{ total: number }>().total).toBe(figures.active);
  });

  it('muestra la última campaña que empezó a enviarse, con los números de su pantalla', async () => {
    // A draft is no campaign sent yet.
    const draft = await campaign('Borrador');
    expect((await summary()).lastCampaign).toBeNull();
    // The one created first starts later: it is the last one.
    const first = await campaign('Boletín de junio');
    const second = await campaign('Boletín de mayo');
    expect(await startSending(t.app.db, second, new Date('2025-06-10T12:00:00Z'))).toBe(true);
    expect(await startSending(t.app.db, first, new Date('2025-06-12T12:00:00Z'))).toBe(true);
    const site = { siteUrl: 'https://sitio.example.org', mailFrom: 'Sitio <no-responder@example.org>' };
    for (const id of [second, first]) {
      while ((await queueNextBatch(t.app.db, id, site, new Date('2025-06-12T12:00:00Z'))) > 0);
    }
    t.app.mailWorker.wake();
    const screen = async () =>
      (await admin.request('GET', adminPaths.newsletterCampaign(first))).json<{
        data: Record<string, unknown>;
      }>().data;
    await expect.poll(async () => (await screen()).status, { timeout: 15_000 }).toBe('sent');
    const own = await screen();
    const { lastCampaign } = await summary();
    expect(lastCampaign).toEqual({
      id: first,
      subject: 'Boletín de junio',
      status: 'sent',
      total: 4,
      sent: 4,
      failed: 0,
      uncertain: 0,
      sendStartedAt: at('2025-06-12T12:00:00Z'),
    });
    for (const key of Object.keys(lastCampaign!)) expect(lastCampaign![key]).toEqual(own[key]);
    expect(draft).not.toBe(first);
  });
});
