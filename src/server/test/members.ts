import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { MembershipType } from '../../shared/constants.ts';
import type { MemberPagesData } from '../../shared/member-schemas.ts';
import { memberApiPaths } from '../../shared/member-paths.ts';
import type { Config } from '../config.ts';
import type { Dialect } from '../db/database.ts';
import { Browser, createTestApp, type TestApp } from './app.ts';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer.ts';
import { newPageLink } from '../members/context.ts';

// Shared by the members' tests only (src/server/members); nothing in the app imports this file.

export const SITE = 'https://sitio.example.org';
export const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: SITE };
/** A valid CLABE (bank 002, place 180; its control digit is 3). */
export const CLABE = '002180123456789013';
export const BANK = { bank: 'Banco Ejemplo', beneficiary: 'Mujeres en Energía Renovable A.C.', clabe: CLABE };

// A server bundle that writes a page's private data (or the members' data of a public page) into its
// HTML, so a test reads what the page shows.
const ENTRY = `
export const pageModules = {};
export async function render(url, data) {
  const json = JSON.stringify(data.private ?? data.membership ?? null).replace(/</g, '\\\\u003c');
  return { html: '<main data-page="' + url + '"><script type="application/json" id="page">' + json + '</script></main>', head: '<title>t</title>', state: '{}' };
}
`;

export interface MembersTest {
  t: TestApp;
  peer: SmtpPeer;
  admin: Browser;
  /** The app's clock: tests move it. */
  clock: { now: Date };
  close(): Promise<void>;
}

/** An app with an SMTP peer, a logged-in admin, the bank details saved, and a clock the test sets. */
export async function membersTestApp(
  dialect: Dialect,
  overrides: Partial<Config> = {},
): Promise<MembersTest> {
  const dir = mkdtempSync(join(tmpdir(), 'members-'));
  mkdirSync(join(dir, 'web'));
  mkdirSync(join(dir, 'ssr'));
  writeFileSync(
    join(dir, 'web', 'index.html'),
    '<html><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'ssr', 'entry-server.js'), ENTRY);
  const peer = await startSmtpPeer();
  const clock = { now: new Date('2030-01-15T18:00:00Z') };
  const t = await createTestApp(dialect, {
    smtpUrl: peer.url,
    webDist: join(dir, 'web'),
    contactRateLimit: 10_000,
    now: () => clock.now,
    ...overrides,
  });
  const admin = new Browser(t.app);
  await admin.login();
  const saved = await admin.request('PUT', memberApiPaths.settings, { data: BANK });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  return {
    t,
    peer,
    admin,
    clock,
    close: async () => {
      await t.close();
      await peer.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let sequence = 0;

/** Opens an application as the requests domain will, in a transaction of its own. */
export async function apply(
  test: MembersTest,
  overrides: Partial<{ fullName: string; email: string; plan: MembershipType; company: string }> = {},
): Promise<string> {
  sequence++;
  const email = overrides.email ?? `socia${sequence}@example.org`;
  await test.t.app.db.transaction().execute((trx) =>
    test.t.app.membershipApplications.open(trx, {
      requestId: `solicitud-${sequence}`,
      fullName: overrides.fullName ?? `Socia Número ${sequence}`,
      company: overrides.company ?? 'Solar del Norte',
      position: 'Ingeniera',
      email,
      phoneNumber: '5512345678',
      plan: overrides.plan ?? 'Individual',
    }),
  );
  const row = await test.t.app.db
    .selectFrom('members')
    .select('id')
    .where('email_key', '=', email.toLowerCase())
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function approve(test: MembersTest, id: string, plan?: string) {
  const response = await test.admin.request('POST', memberApiPaths.approve(id), {
    data: plan ? { plan } : {},
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json<{ data: { payment: { reference: string; amountCents: number } } }>().data.payment;
}

export function pay(test: MembersTest, id: string, body: Record<string, unknown>) {
  return test.admin.request('POST', memberApiPaths.payments(id), { data: body });
}

/** An approved member who paid her first fee on `paidAt`: her id and payment. */
export async function activeMember(test: MembersTest, paidAt = '2030-01-15', overrides = {}) {
  const id = await apply(test, overrides);
  const payment = await approve(test, id);
  const paid = await pay(test, id, {
    amountCents: payment.amountCents,
    method: 'spei',
    reference: payment.reference,
    paidAt,
  });
  if (paid.statusCode !== 201) throw new Error(paid.body);
  return { id, payment, receipt: paid.json<{ data: { receipt: string; paymentId: string } }>().data };
}

/** The data a member's page was drawn with (the test bundle writes them into the HTML). */
export function pageData<T extends MemberPagesData = MemberPagesData>(response: LightMyRequestResponse): T {
  const match = /<script type="application\/json" id="page">([\s\S]*?)<\/script>/.exec(response.body);
  if (!match) throw new Error(`no page data in: ${response.body.slice(0, 300)}`);
  return JSON.parse(match[1]!) as T;
}

/** A link to a member's page found in a mail's text: its token. */
export function tokenIn(text: string): string {
  const match = /\/Socia\/([A-Za-z0-9_-]{20,})/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return match[1]!;
}

/** A fresh link to a member's page, as staff or a test would make one (stored hashed). */
export async function linkFor(test: MembersTest, memberId: string): Promise<string> {
  const link = await newPageLink(test.t.app.db, test.t.app.members, memberId, new Date());
  return tokenIn(link);
}

/** The first message to `address` (with `subject`, when given), once it has arrived. */
export async function mailFor(test: MembersTest, address: string, subject?: string, timeoutMs = 10_000) {
  const found = () =>
    test.peer.messages.find(
      (mail) =>
        mail.to.some((to) => to.toLowerCase() === address.toLowerCase()) &&
        (subject === undefined || mail.subject === subject),
    );
  const deadline = Date.now() + timeoutMs;
  for (let mail = found(); ; mail = found()) {
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} (${subject ?? 'any subject'})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
