import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApiPaths } from '../../shared/member-paths.ts';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';

const SITE = 'https://sitio.example.org';
const form = {
  fullName: 'Renata Solís',
  company: 'Eólica del Istmo',
  position: 'Directora técnica',
  phoneNumber: '5512345678',
  website: '',
};

interface MemberRow {
  id: string;
  fullName: string;
  email: string;
  plan: string;
  status: string;
}

describe.each(testDialects)('a membership request opens an application on %s', (dialect) => {
  let t: TestApp;
  let admin: Browser;
  beforeAll(async () => {
    t = await createTestApp(dialect, { contactRateLimit: 1_000 });
    admin = new Browser(t.app);
    await admin.login();
  });
  afterAll(async () => t.close());

  const applicationsOf = async (email: string) => {
    const response = await admin.request('GET', `${memberApiPaths.members}?q=${encodeURIComponent(email)}`);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: MemberRow[] }>().data.filter((row) => row.email === email);
  };
  const requestOf = (email: string) =>
    t.app.db.selectFrom('requests').select(['id', 'kind']).where('email', '=', email).execute();
  const linkedRequest = (memberId: string) =>
    t.app.db.selectFrom('members').select('request_id').where('id', '=', memberId).executeTakeFirstOrThrow();

  it('through the API: 201, the request stored and an application en_revision linked to it', async () => {
    const email = 'renata.api@example.org';
    const response = await new Browser(t.app).request('POST', '/api/mail/contact', {
      data: { ...form, email, memberships: 'Individual' },
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ data: { id: string } }>().data;
    expect(await requestOf(email)).toEqual([{ id, kind: 'Individual' }]);
    const applications = await applicationsOf(email);
    expect(applications).toEqual([
      expect.objectContaining({ fullName: form.fullName, plan: 'individual', status: 'en_revision' }),
    ]);
    expect((await linkedRequest(applications[0]!.id)).request_id).toBe(id);
  });

  it('through the plain form post: the same request and application', async () => {
    const email = 'renata.plano@example.org';
    const response = await t.app.inject({
      method: 'POST',
      url: '/Solicitud',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE },
      payload: new URLSearchParams({ ...form, email, memberships: 'Estudiantil' }).toString(),
    });
    expect(response.statusCode).toBe(303);
    const [stored] = await requestOf(email);
    expect(stored?.kind).toBe('Estudiantil');
    const applications = await applicationsOf(email);
    expect(applications).toEqual([expect.objectContaining({ plan: 'estudiantil', status: 'en_revision' })]);
    expect((await linkedRequest(applications[0]!.id)).request_id).toBe(stored!.id);
  });

  it('a contact request, or a membership request caught by the honeypot, opens none', async () => {
    const contact = 'renata.contacto@example.org';
    const spam = 'renata.spam@example.org';
    const browser = new Browser(t.app);
    expect(
      (await browser.request('POST', '/api/mail/contact', { data: { ...form, email: contact } })).statusCode,
    ).toBe(201);
    expect(
      (
        await browser.request('POST', '/api/mail/contact', {
          data: { ...form, email: spam, memberships: 'Individual', website: 'https://spam.example' },
        })
      ).statusCode,
    ).toBe(201);
    expect(await requestOf(contact)).toHaveLength(1);
    expect(await requestOf(spam)).toHaveLength(1);
    expect(await applicationsOf(contact)).toEqual([]);
    expect(await applicationsOf(spam)).toEqual([]);
    const rows = await t.app.db
      .selectFrom('members')
      .select('id')
      .where('email_key', 'in', [contact, spam])
      .execute();
    expect(rows).toEqual([]);
  });
});
