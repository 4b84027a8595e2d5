import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pagePaths } from '../../shared/api-paths.ts';
import type { MemberAccessPageData, MemberPageData, MemberPagesData } from '../../shared/member-schemas.ts';
import { memberApiPaths, memberLinks, memberPaths } from '../../shared/member-paths.ts';
import { consentsOf } from '../consent/consents.repository.ts';
import { testDialects } from '../test/databases.ts';
import { BANK_KEY } from './settings.ts';
import {
  FORM,
  activeMember,
  apply,
  linkFor,
  mailFor,
  membersTestApp,
  pageData,
  type MembersTest,
} from '../test/members.ts';

describe.each(testDialects)('La página de cada socia en %s', (dialect) => {
  let test: MembersTest;
  beforeAll(async () => {
    test = await membersTestApp(dialect);
  });
  afterAll(async () => test.close());
  beforeEach(() => {
    test.peer.clear();
    test.clock.now = new Date('2030-01-15T18:00:00Z');
  });

  const open = (token: string, query = '') =>
    test.t.app.inject({ method: 'GET', url: `${memberLinks.page(token)}${query}` });
  const post = (url: string, fields: Record<string, string> = {}, headers: Record<string, string> = FORM) =>
    test.t.app.inject({ method: 'POST', url, headers, payload: new URLSearchParams(fields).toString() });
  const directory = async () =>
    (await test.t.app.inject({ method: 'GET', url: memberApiPaths.directory })).json<{
      data: Record<string, unknown>[];
    }>().data;
  /** Every row a page could change (of the outbox, whose worker sends meanwhile, the ids). */
  const counts = async () => {
    const tables = [
      'members',
      'member_history',
      'member_links',
      'membership_payments',
      'member_invitations',
      'consents',
    ] as const;
    const rows = await Promise.all(
      tables.map((table) => test.t.app.db.selectFrom(table).selectAll().execute()),
    );
    const outbox = await test.t.app.db.selectFrom('outbox').select('id').orderBy('id').execute();
    return JSON.stringify([rows, outbox]);
  };

  it('se abre sin cambiar nada, solo para ella: sin caché, sin índice, sin referer; un enlace desconocido es 404', async () => {
    const { id } = await activeMember(test);
    const token = await linkFor(test, id);
    const before = await counts();
    const page = await open(token, '?aviso=renovar');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const data = pageData<MemberPageData>(page);
    expect(data).toMatchObject({
      kind: 'socia',
      statusText: 'Activa hasta el 14 de enero de 2031',
      canRenew: true,
    });
    expect(data.notice).toContain('datos para pagar tu renovación');
    await open(token);
    await test.t.app.inject({ method: 'GET', url: memberLinks.invitation(token) });
    expect(await counts()).toBe(before);

    for (const url of [
      memberLinks.page('a'.repeat(43)),
      memberLinks.page('x'),
      memberLinks.page('<script>'),
    ]) {
      const unknown = await test.t.app.inject({ method: 'GET', url });
      expect(unknown.statusCode, url).toBe(404);
      expect(pageData(unknown).kind).toBe('socia-desconocida');
    }
  });

  it('guarda su elección del directorio como consentimiento, y el directorio muestra solo lo elegido mientras esté activa o en gracia', async () => {
    const { id } = await activeMember(test, '2030-01-15', {
      fullName: 'Ana Directorio',
      email: 'directorio@example.org',
      company: 'Eólica del Sur',
    });
    const other = await activeMember(test, '2030-01-15', { fullName: 'Nadie Eligió' });
    const token = await linkFor(test, id);
    expect(await directory()).toEqual([]);
    const before = await test.t.app.inject({ method: 'GET', url: pagePaths.socias });
    expect(pageData<{ directory: unknown } & MemberPagesData>(before).directory).toEqual([]);

    const bad = await post(memberLinks.directory(token), {
      listed: 'on',
      showLinkedin: 'on',
      linkedin: 'http://x.com',
    });
    expect(bad.statusCode).toBe(400);
    expect(pageData<MemberPageData>(bad).fields).toEqual({
      linkedin: 'Escribe la dirección de tu perfil de LinkedIn (https://www.linkedin.com/in/…)',
    });
    const none = await post(memberLinks.directory(token), { listed: 'on' });
    expect(pageData<MemberPageData>(none).fields).toEqual({ fields: 'Elige al menos un dato para mostrar' });

    const saved = await post(memberLinks.directory(token), {
      listed: 'on',
      showFullName: 'on',
      showLinkedin: 'on',
      linkedin: 'https://www.linkedin.com/in/ana-directorio',
    });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(`${memberLinks.page(token)}?aviso=directorio`);
    const number = pageData<MemberPageData>(await open(token)).number;
    const entry = {
      number,
      fullName: 'Ana Directorio',
      linkedin: 'https://www.linkedin.com/in/ana-directorio',
    };
    expect(await directory()).toEqual([entry]);
    // /Socias is drawn with it: the page changed as soon as she chose.
    const socias = await test.t.app.inject({ method: 'GET', url: pagePaths.socias });
    expect(pageData<{ directory: unknown } & MemberPagesData>(socias).directory).toEqual([entry]);
    expect(JSON.stringify(await directory())).not.toContain('Eólica');
    expect(JSON.stringify(await directory())).not.toContain(other.id);
    const consents = await consentsOf(test.t.app.db, 'directorio@example.org');
    expect(consents.filter((c) => c.purpose === 'member-directory' && !c.withdrawnAt)).toHaveLength(1);

    // In her grace she stays; once lapsed she is gone, without anything having run.
    test.clock.now = new Date('2031-02-13T18:00:00Z');
    expect(await directory()).toEqual([entry]);
    test.clock.now = new Date('2031-02-14T06:00:00Z');
    expect(await directory()).toEqual([]);

    test.clock.now = new Date('2030-06-01T18:00:00Z');
    await post(memberLinks.directory(token), { showFullName: 'on' });
    expect(await directory()).toEqual([]);
    const after = await consentsOf(test.t.app.db, 'directorio@example.org');
    expect(after.filter((c) => c.purpose === 'member-directory' && !c.withdrawnAt)).toHaveLength(0);
  });

  it('renueva con un botón: una referencia con la cuota del plan, en la página y por correo, una sola vez', async () => {
    const { id } = await activeMember(test, '2030-01-15', { email: 'renueva@example.org' });
    const token = await linkFor(test, id);
    test.clock.now = new Date('2030-12-20T18:00:00Z');
    const first = await post(memberLinks.renew(token));
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(`${memberLinks.page(token)}?aviso=renovar`);
    await post(memberLinks.renew(token));
    const data = pageData<MemberPageData>(await open(token));
    expect(data.payment).toMatchObject({ amountText: '$1,200.00 MXN', clabe: '002180123456789013' });
    expect(data.canRenew).toBe(false);
    const pending = await test.t.app.db
      .selectFrom('membership_payments')
      .selectAll()
      .where('member_id', '=', id)
      .where('status', '=', 'pendiente')
      .execute();
    expect(pending.map((p) => p.reference)).toEqual([data.payment!.reference]);
    const mail = await mailFor(test, 'renueva@example.org', 'Datos para renovar tu membresía');
    expect(mail.text).toContain(data.payment!.reference);
    const renewals = test.peer.messages.filter((m) => m.subject === 'Datos para renovar tu membresía');
    expect(renewals).toHaveLength(1);
  });

  it('sin datos bancarios guardados, pedir renovar lo dice en su página y no guarda nada', async () => {
    const { id } = await activeMember(test, '2030-01-15', { email: 'sin-banco@example.org' });
    const token = await linkFor(test, id);
    const saved = await test.t.app.db
      .selectFrom('settings')
      .selectAll()
      .where('key', '=', BANK_KEY)
      .executeTakeFirstOrThrow();
    await test.t.app.db.deleteFrom('settings').where('key', '=', BANK_KEY).execute();
    try {
      const before = await counts();
      const answer = await post(memberLinks.renew(token));
      expect(answer.statusCode).toBe(409);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body).toContain('la asociación aún no ha publicado sus datos bancarios');
      expect(pageData<MemberPageData>(answer).statusText).toMatch(/^Activa hasta el /);
      expect(await counts()).toBe(before);
    } finally {
      await test.t.app.db.insertInto('settings').values(saved).execute();
    }
  });

  it('se da de baja con un botón: sin recordatorios, sin directorio, y la página lo confirma', async () => {
    const { id } = await activeMember(test, '2030-01-15', { email: 'baja@example.org' });
    const token = await linkFor(test, id);
    await post(memberLinks.directory(token), { listed: 'on', showFullName: 'on' });
    expect((await directory()).length).toBeGreaterThan(0);
    const left = await post(memberLinks.leave(token));
    expect(left.headers.location).toBe(`${memberLinks.page(token)}?aviso=baja`);
    const data = pageData<MemberPageData>(await open(token, '?aviso=baja'));
    expect(data).toMatchObject({ status: 'baja', statusText: 'Baja', canLeave: false, canRenew: false });
    expect(data.notice).toContain('Registramos tu baja');
    expect(await directory()).toEqual([]);
    const waiting = await test.t.app.db
      .selectFrom('outbox')
      .select('purpose')
      .where('ref_id', '=', id)
      .where('status', '=', 'pending')
      .where('purpose', 'like', 'member-reminder%')
      .execute();
    expect(waiting).toEqual([]);
    // A second click changes nothing more.
    await post(memberLinks.leave(token));
    const history = await test.t.app.db
      .selectFrom('member_history')
      .select('action')
      .where('member_id', '=', id)
      .execute();
    expect(history.filter((entry) => entry.action === 'baja')).toHaveLength(1);
  });

  it('le entrega sus recibos en PDF, y solo los suyos', async () => {
    const { id, receipt } = await activeMember(test);
    const other = await activeMember(test);
    const token = await linkFor(test, id);
    const pdf = await test.t.app.inject({
      method: 'GET',
      url: memberLinks.receipt(token, receipt.paymentId),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const theirs = await test.t.app.inject({
      method: 'GET',
      url: memberLinks.receipt(token, other.receipt.paymentId),
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('rechaza un envío desde otro sitio', async () => {
    const { id } = await activeMember(test);
    const token = await linkFor(test, id);
    const refused = await post(memberLinks.leave(token), {}, { ...FORM, origin: 'https://otro.example' });
    expect(refused.statusCode).toBe(403);
    expect(pageData<MemberAccessPageData>(refused).notice).toBe(
      'Solo aceptamos solicitudes enviadas desde los formularios de este sitio.',
    );
    expect(pageData<MemberPageData>(await open(token)).status).toBe('activa');
  });

  it('envía el enlace a quien es socia, y responde lo mismo a cualquiera', async () => {
    await activeMember(test, '2030-01-15', { email: 'Pide.Enlace@example.org' });
    const ask = (email: string) =>
      test.t.app.inject({
        method: 'POST',
        url: memberApiPaths.access,
        payload: { data: { email } },
        headers: { 'content-type': 'application/json', origin: FORM.origin },
      });
    // The API asks for the CSRF token like every write: a browser's client sends it.
    const withoutToken = await ask('pide.enlace@example.org');
    expect(withoutToken.statusCode).toBe(403);
    const browser = test.admin;
    const member = await browser.request('POST', memberApiPaths.access, {
      data: { email: 'pide.enlace@example.org' },
    });
    const stranger = await browser.request('POST', memberApiPaths.access, {
      data: { email: 'nadie@example.org' },
    });
    expect([member.statusCode, stranger.statusCode]).toEqual([202, 202]);
    expect(member.body).toBe(stranger.body);
    expect(member.json()).toEqual({ data: { ok: true } });
    const form = await post(memberPaths.access, { email: 'nadie@example.org' });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe('/Socia?enviado=1');
    const invalid = await post(memberPaths.access, { email: 'no es correo' });
    expect(invalid.statusCode).toBe(400);
    expect(pageData<MemberAccessPageData>(invalid).fields?.email).toBeDefined();
    await test.t.app.membersLater.settled();
    const mail = await mailFor(test, 'pide.enlace@example.org', 'El enlace a tu página de socia');
    const opened = await test.t.app.inject({
      method: 'GET',
      url: new URL(mail.text.match(/https:\S+/)![0]).pathname,
    });
    expect(pageData<MemberPageData>(opened).kind).toBe('socia');
    const toStranger = await test.t.app.db
      .selectFrom('outbox')
      .select('id')
      .where('to_address', '=', 'nadie@example.org')
      .execute();
    expect(toStranger).toEqual([]);
  });

  it('una coordinadora corporativa invita a sus lugares; quien acepta comparte su periodo', async () => {
    const applicant = await apply(test, { plan: 'Estudiantil' });
    const applicantToken = await linkFor(test, applicant);
    expect(pageData<MemberPageData>(await open(applicantToken)).seats).toBeNull();

    const { id } = await activeMember(test, '2030-01-15', {
      plan: 'Corporativa',
      company: 'Eólica del Istmo',
    });
    const token = await linkFor(test, id);
    expect(pageData<MemberPageData>(await open(token)).seats).toEqual({
      total: 2,
      invitations: [],
      canInvite: true,
    });
    test.peer.clear();
    const invited = await post(memberLinks.invite(token), { email: 'lugar@example.org' });
    expect(invited.headers.location).toBe(`${memberLinks.page(token)}?aviso=invitacion`);
    const again = await post(memberLinks.invite(token), { email: 'otra@example.org' });
    expect(again.statusCode).toBe(409);
    expect(pageData<MemberPageData>(again).fields?.email).toBe(
      'Tu membresía incluye 2 lugares: ya los invitaste todos.',
    );

    const mail = await mailFor(test, 'lugar@example.org');
    expect(mail.text).toContain('Eólica del Istmo te invita');
    const link = new URL(mail.text.match(/https:\S+\/Socia\/invitacion\/\S+/)![0]).pathname;
    const before = await counts();
    const page = await test.t.app.inject({ method: 'GET', url: link });
    expect(pageData(page)).toMatchObject({
      kind: 'socia-invitacion',
      valid: true,
      organisation: 'Eólica del Istmo',
    });
    expect(await counts()).toBe(before);

    const missingName = await post(link, { fullName: ' ' });
    expect(missingName.statusCode).toBe(400);
    const accepted = await post(link, { fullName: 'Lucía Lugar', position: 'Analista' });
    expect(accepted.statusCode).toBe(303);
    const seatPage = pageData<MemberPageData>(
      await test.t.app.inject({ method: 'GET', url: accepted.headers.location as string }),
    );
    expect(seatPage).toMatchObject({
      isSeat: true,
      status: 'activa',
      statusText: 'Activa hasta el 14 de enero de 2031',
      canRenew: false,
    });
    expect(seatPage.number).toBeGreaterThan(0);
    expect((await post(link, { fullName: 'Otra Vez' })).statusCode).toBe(404);
    // Her status reads the coordinator's dates.
    test.clock.now = new Date('2031-01-20T18:00:00Z');
    const list = await test.admin.request('GET', `${memberApiPaths.members}?q=lucia%20lugar`);
    expect(list.json().data[0]).toMatchObject({ status: 'en_gracia', periodEnd: '2031-01-14' });
  });
});
