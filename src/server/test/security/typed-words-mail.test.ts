import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arcoPaths, barrierPaths, pagePaths, requestPaths } from '../../../shared/api-paths.ts';
import { barrierApiRoutes } from '../../../shared/barriers.ts';
import { memberApiPaths } from '../../../shared/member-paths.ts';
import { privacyApiRoutes } from '../../../shared/privacy-paths.ts';
import { registrationPaths } from '../../../shared/registration-paths.ts';
import { eventsContent } from '../../content/content.service.ts';
import { Browser, createTestApp, type TestApp } from '../app.ts';
import { testDialects } from '../databases.ts';
import { eventInput } from '../events.ts';
import { startSmtpPeer, type ReceivedMessage, type SmtpPeer } from '../smtp-peer.ts';

/**
 * Mail to an address nobody has confirmed repeats nothing a stranger typed (issue 40, item 3): every
 * free-text field of every public form gets a link and a line break, and every mail the site then sends
 * to the typed address, read from a real SMTP peer, is searched for them. The association's own inbox
 * (a confirmed address) does get them: that is how the test knows the words went in.
 *
 * Forms covered: the contact and membership requests (API and plain post), the ARCO request (API and
 * plain post), the report of an accessibility barrier (API and plain post), the event sign-up, and the member's page access request (asked for the address of the
 * membership request above: it mails a link and nothing of what was typed).
 *
 * Left out until their domains stop repeating the typed name (see the report of this change):
 * - the newsletter subscription (footer form and `/api/newsletter/subscribe`): its confirmation mail
 *   greets the typed name (src/server/newsletter/templates.ts);
 * - the "Quiero recibir el boletín" box of the request and sign-up forms, which sends that same mail.
 */

const WORD = 'Zarzamora';
const LINK = 'https://malo.example/x';
/** What a stranger types in every free-text field: a word, a line break and a link. */
const TYPED = `${WORD}\n${LINK}`;
const FORBIDDEN = [WORD, 'malo.example'];
const SITE = 'https://sitio.example.org';
const INBOX = 'buzon@example.org';

const request = (email: string) => ({
  fullName: TYPED,
  company: TYPED,
  position: TYPED,
  email,
  phoneNumber: '5512345678',
  website: '',
});
const arco = (email: string) => ({ fullName: TYPED, email, right: 'acceso', details: TYPED });

/** Everything a reader of the message can see: subject, headers, bodies and attachments, and the raw source. */
function visible(message: ReceivedMessage): string {
  return [
    message.subject,
    message.text,
    message.html ?? '',
    ...[...message.headers.values()].map((value) => JSON.stringify(value)),
    ...message.attachments.map((attachment) => `${attachment.filename ?? ''}\n${attachment.content}`),
    message.raw,
  ].join('\n');
}

describe.each(testDialects)('typed words never reach an unconfirmed address (%s)', (dialect) => {
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

  const plainPost = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE },
      payload: new URLSearchParams(fields).toString(),
    });

  /** Waits until the peer holds `count` messages to `address`. */
  async function mailsTo(address: string, count: number, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = peer.messages.filter((message) => message.envelope.to.includes(address));
      if (found.length >= count) return found;
      if (Date.now() > deadline) throw new Error(`${found.length} of ${count} mails to ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('sends acknowledgements, sign-up and access mail with none of the words typed', async () => {
    const visitor = new Browser(t.app);
    const to = {
      contactApi: 'contacto.api@example.org',
      membershipApi: 'membresia.api@example.org',
      contactPlain: 'contacto.plano@example.org',
      membershipPlain: 'membresia.plano@example.org',
      arcoApi: 'arco.api@example.org',
      arcoPlain: 'arco.plano@example.org',
      signUp: 'registro@example.org',
      barrierApi: 'barrera.api@example.org',
      barrierPlain: 'barrera.plano@example.org',
    };
    const answers = [
      (await visitor.request('POST', '/api/mail/contact', { data: request(to.contactApi) })).statusCode,
      (
        await visitor.request('POST', '/api/mail/contact', {
          data: { ...request(to.membershipApi), memberships: 'Individual' },
        })
      ).statusCode,
      (await plainPost(requestPaths.send, request(to.contactPlain))).statusCode,
      (await plainPost(requestPaths.send, { ...request(to.membershipPlain), memberships: 'Estudiantil' }))
        .statusCode,
      (await visitor.request('POST', privacyApiRoutes.privacyRequests, { data: arco(to.arcoApi) }))
        .statusCode,
    ];
    expect(answers).toEqual([201, 201, 303, 303, 201]);
    const arcoPlain = await plainPost(pagePaths.derechosArco, arco(to.arcoPlain));
    expect(arcoPlain.statusCode).toBe(303);
    expect(arcoPlain.headers.location).toMatch(new RegExp(`^${arcoPaths.received}`));

    const barrier = (email: string) => ({ pageUrl: TYPED, details: TYPED, email, website: '' });
    expect(
      (await visitor.request('POST', barrierApiRoutes.report, { data: barrier(to.barrierApi) })).statusCode,
    ).toBe(201);
    expect((await plainPost(barrierPaths.page, barrier(to.barrierPlain))).statusCode).toBe(303);

    const event = await eventsContent.create(
      t.app.db,
      eventInput({ registration: { enabled: true, capacity: 5 } }),
    );
    const signUp = await visitor.request('POST', registrationPaths.api(event.id), {
      data: { fullName: TYPED, email: to.signUp },
    });
    expect(signUp.statusCode).toBe(201);

    // The membership request opened an application: its address may ask for the link to its page.
    const access = await visitor.request('POST', memberApiPaths.access, {
      data: { email: to.membershipApi },
    });
    expect(access.statusCode).toBe(202);

    const received = [
      ...(await mailsTo(to.contactApi, 1)),
      ...(await mailsTo(to.membershipApi, 2)),
      ...(await mailsTo(to.contactPlain, 1)),
      ...(await mailsTo(to.membershipPlain, 1)),
      ...(await mailsTo(to.arcoApi, 1)),
      ...(await mailsTo(to.arcoPlain, 1)),
      ...(await mailsTo(to.signUp, 1)),
      ...(await mailsTo(to.barrierApi, 1)),
      ...(await mailsTo(to.barrierPlain, 1)),
    ];
    expect(received.map((message) => message.subject)).toContain('El enlace a tu página de socia');
    // Everything due has left, so no mail escapes the search below; what is scheduled later (the
    // sign-up's reminder) is searched as it waits in the outbox.
    const due = () =>
      t.app.db
        .selectFrom('outbox')
        .select('id')
        .where('status', 'in', ['pending', 'sending'])
        .where('next_attempt_at', '<=', new Date().toISOString())
        .execute();
    await expect.poll(async () => (await due()).length, { timeout: 15_000 }).toBe(0);
    const later = await t.app.db
      .selectFrom('outbox')
      .select(['subject', 'body_text', 'body_html', 'to_address'])
      .where('status', '=', 'pending')
      .where('to_address', '!=', INBOX)
      .execute();
    for (const row of later) {
      for (const word of FORBIDDEN) {
        expect(`${row.subject}\n${row.body_text}\n${row.body_html ?? ''}`, row.subject).not.toContain(word);
      }
    }

    const strangers = peer.messages.filter((message) => !message.envelope.to.includes(INBOX));
    expect(strangers.length).toBeGreaterThanOrEqual(received.length);
    for (const message of strangers) {
      for (const word of FORBIDDEN) {
        expect(visible(message), `${message.subject} → ${message.envelope.to.join(', ')}`).not.toContain(
          word,
        );
      }
    }
    // The association's inbox, a confirmed address, is told every word of the four requests, the two
    // ARCO requests and the two barrier reports: the words did go in.
    const inbox = peer.messages.filter((message) => message.envelope.to.includes(INBOX));
    expect(inbox.length).toBeGreaterThanOrEqual(8);
    for (const message of inbox) expect(message.text).toContain(WORD);
  });
});
