import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { DAY_MS } from '../../shared/clock.ts';
import { newsletterApiRoutes, newsletterPaths } from '../../shared/newsletter-paths.ts';
import { buildApp } from '../app.ts';
import { Browser, createTestApp, testConfig, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.ts';
import { receiveSubscription, storedSubscriptions, workOutSubscription } from './subscription-requests.ts';

const SITE = 'https://sitio.example.org';
const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: SITE };
const MAIL = { siteUrl: SITE, mailFrom: 'Sitio <no-responder@example.org>' };

/** An answer as a client sees it, without what differs on every answer (its date, the limit's count). */
const seen = (answer: LightMyRequestResponse) => {
  const {
    date: _date,
    'x-ratelimit-remaining': _remaining,
    'x-ratelimit-reset': _reset,
    ...headers
  } = answer.headers;
  return { status: answer.statusCode, headers, body: answer.body };
};

describe.each(testDialects)('suscribirse contesta antes de mirar la dirección, en %s', (dialect) => {
  let t: TestApp;
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(dialect, { smtpUrl: peer.url, contactRateLimit: 10_000 });
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });
  beforeEach(() => peer.clear());

  const api = (email: string) =>
    new Browser(t.app).request('POST', newsletterApiRoutes.subscribe, { data: { email } });
  const plain = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: newsletterPaths.subscribe,
      headers: FORM,
      payload: new URLSearchParams({ email, website: '' }).toString(),
    });
  const subscriberOf = (email: string) =>
    t.app.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirst();
  const stored = () => t.app.db.selectFrom('newsletter_requests').selectAll().execute();
  const mailsTo = (email: string) => peer.messages.filter((message) => message.envelope.to.includes(email));
  /** An address already on the list, stored as a confirmed subscription leaves it. */
  async function active(email: string) {
    const now = new Date().toISOString();
    await t.app.db
      .insertInto('newsletter_subscribers')
      .values({
        id: `activa-${email}`,
        email,
        full_name: null,
        status: 'active',
        source: 'boletin',
        notice_version: 'v1',
        confirm_token_hash: null,
        created_at: now,
        pending_since: null,
        confirmed_at: now,
        unsubscribed_at: null,
        bounced_at: null,
        status_changed_at: now,
      })
      .execute();
  }

  it('da la misma respuesta a una dirección nueva, pendiente, activa o bloqueada, y el trabajo se hace después', async () => {
    await active('ya-activa@example.org');
    await api('ya-pendiente@example.org');
    await t.app.db
      .insertInto('blocked_people')
      .values({
        email: 'bloqueada@example.org',
        blocked_at: new Date().toISOString(),
        erase_after: new Date(Date.now() + DAY_MS).toISOString(),
        erased_at: null,
      })
      .execute();
    await t.app.newsletter.idle();
    peer.clear();

    const addresses = [
      'nueva@example.org',
      'ya-pendiente@example.org',
      'ya-activa@example.org',
      'bloqueada@example.org',
    ];
    for (const send of [api, plain]) {
      const answers = [];
      for (const email of addresses) answers.push(seen(await send(email)));
      expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    }
    expect(seen(await api('otra.nueva@example.org'))).toEqual(seen(await api('ya-activa@example.org')));

    // After the answers, the work: the new address is pending with its mail, the active one is left
    // as it was and gets nothing, the blocked one gets nothing; no request is left stored.
    await t.app.newsletter.idle();
    expect(await stored()).toEqual([]);
    expect((await subscriberOf('nueva@example.org'))?.status).toBe('pending');
    expect((await subscriberOf('ya-activa@example.org'))?.status).toBe('active');
    expect(await subscriberOf('bloqueada@example.org')).toBeUndefined();
    await peer.waitForMessages(3, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo('nueva@example.org').length).toBeGreaterThanOrEqual(1);
    expect(mailsTo('otra.nueva@example.org')).toHaveLength(1);
    expect(mailsTo('ya-activa@example.org')).toEqual([]);
    expect(mailsTo('bloqueada@example.org')).toEqual([]);
  });

  it('contesta sin mirar la dirección, y lo que falla después se trabaja más tarde sin perderse', async () => {
    // Without the subscribers' table nothing about any address can be known: the answers still come,
    // the same for a new and a known address, because the address is looked at only after them.
    await active('sabida@example.org');
    const away = async (from: string, to: string) =>
      sql`alter table ${sql.table(from)} rename to ${sql.table(to)}`.execute(t.app.db);
    await away('newsletter_subscribers', 'newsletter_subscribers_fuera');
    let answers;
    try {
      answers = [seen(await api('sin-tabla@example.org')), seen(await api('sabida@example.org'))];
      await t.app.newsletter.idle();
    } finally {
      await away('newsletter_subscribers_fuera', 'newsletter_subscribers');
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.status).toBe(202);
    // The work failed after the answers; both forms are still stored, and are worked out later.
    expect((await stored()).map((row) => row.email).sort()).toEqual([
      'sabida@example.org',
      'sin-tabla@example.org',
    ]);
    for await (const id of storedSubscriptions(t.app.db)) await workOutSubscription(t.app.db, id, MAIL);
    expect(await stored()).toEqual([]);
    expect((await subscriberOf('sin-tabla@example.org'))?.status).toBe('pending');
    expect((await subscriberOf('sabida@example.org'))?.status).toBe('active');
  });

  it('un pedido se trabaja una sola vez aunque dos lo tomen a la vez', async () => {
    const id = await receiveSubscription(t.app.db, { email: 'Doble@Example.org', source: 'boletin' });
    const outcomes = await Promise.all([
      workOutSubscription(t.app.db, id, MAIL),
      workOutSubscription(t.app.db, id, MAIL),
    ]);
    expect(outcomes.filter((outcome) => outcome !== undefined)).toEqual(['mailed']);
    const outbox = await t.app.db
      .selectFrom('outbox')
      .select('id')
      .where('to_address', '=', 'doble@example.org')
      .execute();
    expect(outbox).toHaveLength(1);
  });
});

describe.each(testDialects)('un pedido guardado sobrevive a una caída, en %s', (dialect) => {
  it('lo guardado antes de contestar se trabaja al volver a arrancar', async () => {
    const peer = await startSmtpPeer();
    const t = await createTestApp(dialect, { smtpUrl: peer.url });
    // As a process that answered and died before its work leaves it: the form stored, nothing else.
    const email = 'tras-la-caida@example.org';
    await receiveSubscription(t.app.db, { email, fullName: 'Irene', source: 'boletin' });
    await t.app.close();

    const again = await buildApp(testConfig(t.database, { smtpUrl: peer.url }));
    try {
      await again.ready();
      const [mail] = await peer.waitForMessages(1, 10_000);
      expect(mail!.envelope.to).toEqual([email]);
      expect(mail!.text).toMatch(/\/Boletin\/confirmar\//);
      await again.newsletter.idle();
      const row = await again.db
        .selectFrom('newsletter_subscribers')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirst();
      expect(row).toMatchObject({ status: 'pending', full_name: 'Irene', source: 'boletin' });
      expect(await again.db.selectFrom('newsletter_requests').selectAll().execute()).toEqual([]);
    } finally {
      await again.close();
      await t.database.destroy();
      await peer.stop();
    }
  });
});
