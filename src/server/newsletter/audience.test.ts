import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPaths } from '../../shared/api-paths.ts';
import { memberApiPaths } from '../../shared/member-paths.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import type { SubscriberStatus } from '../db/schema.ts';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.ts';
import { queueNextBatch, startSending } from './campaigns.service.ts';
import { LEASE_MS } from '../test/mail.ts';

// The association's clock stands at a fixed day: members' states follow from their dates against it.
const NOW = new Date('2030-01-15T18:00:00Z');
const BANK = { bank: 'Banco Ejemplo', beneficiary: 'Asociación de prueba A.C.', clabe: '002180123456789013' };
const MAIL = { siteUrl: 'https://sitio.example.org', mailFrom: 'Sitio <no-responder@example.org>' };

describe.each(testDialects)('boletines a un público de socias, en %s', (dialect) => {
  let t: TestApp;
  let peer: SmtpPeer;
  let admin: Browser;
  let sequence = 0;

  /** A member who applied (as the requests domain opens it), was approved and paid on `paidAt`. */
  async function member(email: string, paidAt: string) {
    sequence++;
    await t.app.db.transaction().execute((trx) =>
      t.app.membershipApplications.open(trx, {
        requestId: `solicitud-boletin-${sequence}`,
        fullName: `Socia ${sequence}`,
        company: 'Solar del Norte',
        position: 'Ingeniera',
        email,
        phoneNumber: '5512345678',
        plan: 'Individual',
      }),
    );
    const list = await admin.request('GET', `${memberApiPaths.members}?q=${encodeURIComponent(email)}`);
    const id = list.json<{ data: { id: string }[] }>().data[0]!.id;
    const approved = await admin.request('POST', memberApiPaths.approve(id), { data: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    const { payment } = approved.json<{ data: { payment: { reference: string; amountCents: number } } }>()
      .data;
    const paid = await admin.request('POST', memberApiPaths.payments(id), {
      data: { amountCents: payment.amountCents, method: 'spei', reference: payment.reference, paidAt },
    });
    expect(paid.statusCode, paid.body).toBe(201);
  }

  async function subscriber(email: string, status: SubscriberStatus) {
    sequence++;
    const at = '2029-12-01T12:00:00.000Z';
    await t.app.db
      .insertInto('newsletter_subscribers')
      .values({
        id: `00000000-0000-7000-8000-${String(sequence).padStart(12, '0')}`,
        email,
        full_name: null,
        status,
        source: 'boletin',
        notice_version: PRIVACY_NOTICE_VERSION,
        confirm_token_hash: null,
        created_at: at,
        pending_since: status === 'pending' ? at : null,
        confirmed_at: status === 'active' ? at : null,
        unsubscribed_at: status === 'unsubscribed' ? at : null,
        bounced_at: null,
        status_changed_at: at,
      })
      .execute();
  }

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(dialect, {
      smtpUrl: peer.url,
      now: () => NOW,
      contactRateLimit: 10_000,
      mail: { maxAttempts: 3, retryBaseMs: 50, leaseMs: LEASE_MS, pollMs: 50, bulkPerMinute: 100_000 },
    });
    admin = new Browser(t.app);
    expect((await admin.login()).statusCode).toBe(200);
    expect((await admin.confirm()).statusCode).toBe(200);
    expect((await admin.request('PUT', memberApiPaths.settings, { data: BANK })).statusCode).toBe(200);

    // Subscribers first, members after: the id order of the subscribers mixes the audiences.
    await subscriber('lectora.uno@example.org', 'active'); // not a member
    await subscriber('ana.activa@example.org', 'active');
    await subscriber('lectora.dos@example.org', 'active'); // not a member
    await subscriber('bea.gracia@example.org', 'active');
    await subscriber('eva.pendiente@example.org', 'pending'); // a member, never confirmed
    await subscriber('fina.baja@example.org', 'unsubscribed'); // a member who left the newsletter
    await subscriber('lectora.tres@example.org', 'active'); // not a member
    await subscriber('clara.activa@example.org', 'active');
    // Active until 2031, written with capitals as she typed it.
    await member('Ana.Activa@Example.org', '2030-01-10');
    await member('clara.activa@example.org', '2029-06-01');
    // Her year ended on 2029-12-20: 30 days of grace on 2030-01-15.
    await member('bea.gracia@example.org', '2028-12-20');
    await member('eva.pendiente@example.org', '2030-01-10');
    await member('fina.baja@example.org', '2030-01-10');
    // A member who never subscribed gets nothing.
    await member('gala.sin.boletin@example.org', '2030-01-10');
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });

  async function campaign(subject: string, audience?: string) {
    const created = await admin.request('POST', adminPaths.newsletterCampaigns, {
      data: { subject, html: '<p>Texto</p>', ...(audience ? { audience } : {}) },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ data: { id: string } }>().data.id;
  }
  const recipientsOf = async (id: string, subject: string) => {
    await t.app.newsletter.idle();
    await expect
      .poll(
        async () =>
          (await admin.request('GET', adminPaths.newsletterCampaign(id))).json<{ data: { status: string } }>()
            .data.status,
        { timeout: 15_000 },
      )
      .toBe('sent');
    return peer.messages
      .filter((message) => message.subject === subject)
      .flatMap((message) => message.envelope.to)
      .sort();
  };

  it('guarda el público de cada boletín, todas por omisión, y rechaza uno desconocido', async () => {
    const plain = await campaign('Sin público');
    const shown = await admin.request('GET', adminPaths.newsletterCampaign(plain));
    expect(shown.json().data).toMatchObject({ audience: 'all', status: 'draft' });
    const changed = await admin.request('PUT', adminPaths.newsletterCampaign(plain), {
      data: { subject: 'Sin público', html: '<p>Texto</p>', audience: 'members-grace' },
    });
    expect(changed.json().data.audience).toBe('members-grace');
    const bad = await admin.request('POST', adminPaths.newsletterCampaigns, {
      data: { subject: 'Mal', html: '<p>Texto</p>', audience: 'socias' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.audience).toBeTruthy();
  });

  it('envía a las socias activas o en gracia solo si confirmaron su suscripción', async () => {
    const active = await campaign('Para socias activas', 'members-active');
    const sent = await admin.request('POST', adminPaths.newsletterCampaignSend(active));
    expect(sent.statusCode).toBe(202);
    expect(sent.json().data).toMatchObject({ audience: 'members-active', total: 2 });
    expect(await recipientsOf(active, 'Para socias activas')).toEqual([
      'ana.activa@example.org',
      'clara.activa@example.org',
    ]);

    const grace = await campaign('Para socias en gracia', 'members-grace');
    expect((await admin.request('POST', adminPaths.newsletterCampaignSend(grace))).statusCode).toBe(202);
    expect(await recipientsOf(grace, 'Para socias en gracia')).toEqual(['bea.gracia@example.org']);

    const everyone = await campaign('Para todas');
    expect((await admin.request('POST', adminPaths.newsletterCampaignSend(everyone))).statusCode).toBe(202);
    expect(await recipientsOf(everyone, 'Para todas')).toEqual([
      'ana.activa@example.org',
      'bea.gracia@example.org',
      'clara.activa@example.org',
      'lectora.dos@example.org',
      'lectora.tres@example.org',
      'lectora.uno@example.org',
    ]);
  });

  it('en lotes pequeños pasa por encima de quien no es del público sin perder a nadie', async () => {
    const id = await campaign('Lotes de uno', 'members-active');
    const members = t.app.memberAudience;
    expect(await startSending(t.app.db, id, NOW, members)).toBe(true);
    const batches: number[] = [];
    for (;;) {
      const queued = await queueNextBatch(t.app.db, id, { ...MAIL, batchSize: 1, members }, NOW);
      if (queued === 0) break;
      batches.push(queued);
    }
    expect(batches).toEqual([1, 1]);
    const rows = await t.app.db
      .selectFrom('newsletter_deliveries')
      .innerJoin('newsletter_subscribers', 'newsletter_subscribers.id', 'newsletter_deliveries.subscriber_id')
      .select('newsletter_subscribers.email')
      .where('newsletter_deliveries.campaign_id', '=', id)
      .execute();
    expect(rows.map((row) => row.email).sort()).toEqual([
      'ana.activa@example.org',
      'clara.activa@example.org',
    ]);
  });
});
