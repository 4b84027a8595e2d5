import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminPaths, apiRoutes } from '../../../shared/api-paths.ts';
import { newsletterApiRoutes, newsletterPaths } from '../../../shared/newsletter-paths.ts';
import { Browser, TEST_ADMIN, createTestApp, type TestApp } from '../app.ts';
import { testDialects } from '../databases.ts';
import { startSmtpPeer, type ReceivedMessage, type SmtpPeer } from '../smtp-peer.ts';

const SITE = 'https://sitio.example.org';
const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: SITE };

// What a stranger types into a name to have the association's domain carry it to someone else's inbox.
const TYPED = 'TU CUENTA SERÁ SUSPENDIDA.\nVerifica en https://estafa.example.net/entrar hoy';
const TYPED_WORDS = ['SUSPENDIDA', 'Verifica', 'estafa.example.net', 'entrar hoy'];

/** Everything of a received message a person could read: subject, text, HTML, and the raw message. */
const readable = (message: ReceivedMessage) =>
  [message.subject, message.text, message.html ?? '', message.raw].join('\n');

/** The newsletter's probes: nothing typed in the mail to an unconfirmed address; step-up on sending. */
describe.each(testDialects)('the newsletter against strangers and stolen sessions, on %s', (dialect) => {
  let t: TestApp;
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(dialect, { smtpUrl: peer.url });
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });
  beforeEach(() => peer.clear());

  /** The first mail to `email` (whose subject holds `subject`, when given: earlier mail may still arrive). */
  async function firstMailTo(email: string, subject = ''): Promise<ReceivedMessage> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = peer.messages.find(
        (message) => message.envelope.to.includes(email) && message.subject.includes(subject),
      );
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  function expectNothingTyped(message: ReceivedMessage) {
    const text = readable(message);
    for (const word of TYPED_WORDS) expect(text).not.toContain(word);
    // Its only link is the confirmation page's, on the site's own address.
    const links = [...`${message.text}\n${message.html ?? ''}`.matchAll(/https?:\/\/[^\s"<>]+/g)].map(
      (match) => match[0],
    );
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/^https:\/\/sitio\.example\.org\/Boletin\/confirmar\//);
  }

  it('the confirmation mail repeats nothing typed into the footer form, by API or without script', async () => {
    const byApi = 'probe.api@example.org';
    const answer = await new Browser(t.app).request('POST', newsletterApiRoutes.subscribe, {
      data: { email: byApi, fullName: TYPED },
    });
    expect(answer.statusCode).toBe(202);
    expectNothingTyped(await firstMailTo(byApi));

    const plain = 'probe.plain@example.org';
    const posted = await t.app.inject({
      method: 'POST',
      url: newsletterPaths.subscribe,
      headers: FORM,
      payload: new URLSearchParams({ email: plain, fullName: TYPED, website: '' }).toString(),
    });
    expect(posted.statusCode).toBe(303);
    expectNothingTyped(await firstMailTo(plain));
  });

  it('the confirmation mail asked for by the contact form repeats nothing typed there either', async () => {
    const email = 'probe.contact@example.org';
    const answer = await new Browser(t.app).request('POST', apiRoutes.contact, {
      data: {
        fullName: TYPED,
        company: TYPED,
        position: TYPED,
        email,
        phoneNumber: '5512345678',
        newsletter: true,
      },
    });
    expect(answer.statusCode).toBe(201);
    const deadline = Date.now() + 10_000;
    let confirmation: ReceivedMessage | undefined;
    while (!confirmation && Date.now() < deadline) {
      confirmation = peer.messages.find(
        (message) => message.envelope.to.includes(email) && /\/Boletin\/confirmar\//.test(message.text),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(confirmation).toBeDefined();
    expectNothingTyped(confirmation!);
  });

  it('a filled-in honeypot mails nothing at all', async () => {
    const email = 'probe.robot@example.org';
    const answer = await new Browser(t.app).request('POST', newsletterApiRoutes.subscribe, {
      data: { email, fullName: TYPED, website: 'https://estafa.example.net' },
    });
    expect(answer.statusCode).toBe(202);
    await t.app.newsletter.idle();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(peer.messages.filter((message) => message.envelope.to.includes(email))).toEqual([]);
  });

  it('sending a campaign asks for the password again: a stolen session alone sends nothing', async () => {
    const admin = new Browser(t.app);
    expect((await admin.login()).statusCode).toBe(200);
    // A second admin, to be told.
    expect((await admin.confirm()).statusCode).toBe(200);
    const colleague = { email: 'colega@example.org', password: 'otra-contraseña-de-prueba' };
    expect((await admin.request('POST', adminPaths.admins, colleague)).statusCode).toBe(201);
    const reader = 'probe.reader@example.org';
    await new Browser(t.app).request('POST', newsletterApiRoutes.subscribe, { data: { email: reader } });
    await t.app.newsletter.idle();
    await t.app.db
      .updateTable('newsletter_subscribers')
      .set({ status: 'active', pending_since: null })
      .where('email', '=', reader)
      .execute();

    // The same session as one left open, but without a fresh password.
    const stolen = new Browser(t.app);
    expect((await stolen.login()).statusCode).toBe(200);
    const created = await stolen.request('POST', adminPaths.newsletterCampaigns, {
      data: { subject: 'Sonda de envío', html: '<p>Texto</p>' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ data: { id: string } }>().data.id;
    const refused = await stolen.request('POST', adminPaths.newsletterCampaignSend(id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('STEP_UP_REQUIRED');
    const still = await stolen.request('GET', adminPaths.newsletterCampaign(id));
    expect(still.json().data).toMatchObject({ status: 'draft', total: 0 });
    const queued = await t.app.db
      .selectFrom('outbox')
      .select('id')
      .where('purpose', '=', 'newsletter')
      .execute();
    expect(queued).toEqual([]);
    // A wrong password confirms nothing.
    expect((await stolen.confirm('no-es-la-contraseña')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await stolen.request('POST', adminPaths.newsletterCampaignSend(id))).statusCode).toBe(403);

    peer.clear();
    expect((await stolen.confirm(TEST_ADMIN.password)).statusCode).toBe(200);
    const sent = await stolen.request('POST', adminPaths.newsletterCampaignSend(id));
    expect(sent.statusCode).toBe(202);
    await t.app.newsletter.idle();
    const told = await firstMailTo(colleague.email, 'Aviso de seguridad');
    expect(told.text).toContain('«Sonda de envío»');
    expect((await firstMailTo(reader, 'Sonda de envío')).subject).toBe('Sonda de envío');
  });
});
