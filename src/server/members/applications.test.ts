import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberApiPaths, memberLinks } from '../../shared/member-paths.ts';
import { testDialects } from '../test/databases.ts';
import {
  FORM,
  apply,
  approve,
  linkFor,
  membersTestApp,
  pageData,
  tokenIn,
  type MembersTest,
} from '../test/members.ts';
import type { MemberDetail, MemberPageData } from '../../shared/member-schemas.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

function multipart(name: string, file: Buffer, type = 'image/png') {
  const boundary = 'limite-de-prueba';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="credencial.png"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: FORM.origin },
    payload,
  };
}

describe.each(testDialects)('Solicitudes de membresía en %s', (dialect) => {
  let test: MembersTest;
  beforeAll(async () => {
    test = await membersTestApp(dialect);
  });
  afterAll(async () => test.close());
  beforeEach(() => test.peer.clear());

  const detail = async (id: string) =>
    (await test.admin.request('GET', memberApiPaths.member(id))).json<{ data: MemberDetail }>().data;

  it('abre una solicitud en revisión desde una solicitud de membresía, una sola por correo', async () => {
    const id = await apply(test, { email: 'Lucia@Example.org', plan: 'Corporativa' });
    // The same address again (a second request) opens nothing more.
    await apply(test, { email: 'lucia@example.org', plan: 'Individual' });
    const rows = await test.t.app.db
      .selectFrom('members')
      .selectAll()
      .where('email_key', '=', 'lucia@example.org')
      .execute();
    expect(rows).toHaveLength(1);
    const member = await detail(id);
    expect(member).toMatchObject({
      status: 'en_revision',
      plan: 'corporativa-2',
      number: null,
      periodEnd: null,
    });
    expect(member.requestId).toMatch(/^solicitud-/);
    expect(member.history.map((entry) => [entry.actor, entry.action])).toEqual([['sistema', 'solicitud']]);
  });

  it('aprueba dos veces y registra un solo pago, con su referencia y el correo de instrucciones', async () => {
    const id = await apply(test, { email: 'aprobada@example.org' });
    const [first, second] = await Promise.all([
      test.admin.request('POST', memberApiPaths.approve(id), { data: {} }),
      test.admin.request('POST', memberApiPaths.approve(id), { data: {} }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const body = first.json<{
      data: { status: string; payment: { reference: string; amountCents: number } };
    }>();
    expect(body.data.status).toBe('por_pagar');
    expect(body.data.payment.amountCents).toBe(120_000);
    expect(body.data.payment.reference).toMatch(
      /^MEER-[ACDEFHJKMNPQRTUVWXY34679]{4}-[ACDEFHJKMNPQRTUVWXY34679]{4}$/,
    );
    expect(second.json()).toEqual(body);
    const member = await detail(id);
    expect(member.payments).toHaveLength(1);
    expect(member.history.filter((entry) => entry.action === 'aprobada')).toHaveLength(1);

    const [mail] = await test.peer.waitForMessages(1);
    expect(test.peer.messages).toHaveLength(1);
    expect(mail!.to).toEqual(['aprobada@example.org']);
    expect(mail!.subject).toBe('Aprobamos tu solicitud de membresía');
    for (const text of ['Banco Ejemplo', '002180123456789013', '$1,200.00 MXN', body.data.payment.reference])
      expect(mail!.text).toContain(text);
    // Nothing the applicant typed: not her name, not her organisation.
    expect(mail!.text).not.toContain('Socia Número');
    expect(mail!.text).not.toContain('Solar del Norte');
    // Its link opens her page, which shows how to pay.
    const page = await test.t.app.inject({ method: 'GET', url: memberLinks.page(tokenIn(mail!.text)) });
    expect(page.statusCode).toBe(200);
    const data = pageData<MemberPageData>(page);
    expect(data.status).toBe('por_pagar');
    expect(data.statusText).toBe(`Por pagar: $1,200.00 MXN con la referencia ${body.data.payment.reference}`);
    expect(data.payment).toMatchObject({
      clabe: '002180123456789013',
      reference: body.data.payment.reference,
    });
  });

  it('aprueba con el plan que elige el equipo', async () => {
    const id = await apply(test, { plan: 'Corporativa' });
    const payment = await approve(test, id, 'corporativa-10');
    expect(payment.amountCents).toBe(2_000_000);
    expect((await detail(id)).plan).toBe('corporativa-10');
  });

  it('no aprueba sin los datos bancarios, ni lo que ya no está en revisión', async () => {
    await test.t.app.db.deleteFrom('settings').where('key', '=', 'membership_bank').execute();
    const id = await apply(test);
    const refused = await test.admin.request('POST', memberApiPaths.approve(id), { data: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('BANK_SETTINGS_MISSING');
    await test.admin.request('PUT', memberApiPaths.settings, {
      data: { bank: 'Banco Ejemplo', beneficiary: 'Asociación', clabe: '002 180 123456789013' },
    });
    await approve(test, id);
    const rejected = await apply(test);
    await test.admin.request('POST', memberApiPaths.reject(rejected), { data: { reason: 'Duplicada' } });
    const late = await test.admin.request('POST', memberApiPaths.approve(rejected), { data: {} });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('Esta solicitud ya no está en revisión.');
  });

  it('rechaza solo con un motivo, que queda en el historial, sin enviar correo', async () => {
    const id = await apply(test);
    const missing = await test.admin.request('POST', memberApiPaths.reject(id), { data: { reason: '  ' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ reason: 'Escribe el motivo' });
    const done = await test.admin.request('POST', memberApiPaths.reject(id), {
      data: { reason: 'No es del sector' },
    });
    expect(done.json()).toEqual({ data: { status: 'rechazada' } });
    const member = await detail(id);
    expect(member.status).toBe('rechazada');
    expect(member.history.at(-1)).toMatchObject({ action: 'rechazada', detail: 'Motivo: No es del sector' });
    const mail = await test.t.app.db.selectFrom('outbox').select('id').where('ref_id', '=', id).execute();
    expect(mail).toHaveLength(0);
  });

  it('guarda el comprobante de estudios de una estudiante en revisión y lo borra al decidir', async () => {
    const id = await apply(test, { plan: 'Estudiantil' });
    const token = await linkFor(test, id);
    const page = pageData<MemberPageData>(
      await test.t.app.inject({ method: 'GET', url: memberLinks.page(token) }),
    );
    expect(page.proof).toEqual({ uploaded: false });

    const notAFile = await test.t.app.inject({
      method: 'POST',
      url: memberLinks.proof(token),
      ...multipart('comprobante', Buffer.from('MZ ejecutable, no una imagen'), 'image/png'),
    });
    expect(notAFile.statusCode).toBe(415);
    expect(pageData<MemberPageData>(notAFile).fields?.comprobante).toBe(
      'Adjunta una imagen (JPEG, PNG o WebP) o un PDF',
    );
    const tooLarge = await test.t.app.inject({
      method: 'POST',
      url: memberLinks.proof(token),
      ...multipart('comprobante', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(pageData<MemberPageData>(tooLarge).fields?.comprobante).toBe('El archivo pesa más de 5 MB');

    const sent = await test.t.app.inject({
      method: 'POST',
      url: memberLinks.proof(token),
      ...multipart('comprobante', PNG),
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`${memberLinks.page(token)}?aviso=comprobante`);
    expect((await detail(id)).proof).toMatchObject({ contentType: 'image/png', size: PNG.length });
    const file = await test.admin.request('GET', memberApiPaths.proof(id));
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    await approve(test, id);
    expect((await detail(id)).proof).toBeNull();
    expect((await test.admin.request('GET', memberApiPaths.proof(id))).statusCode).toBe(404);
  });

  it('lista y filtra por estado, plan y búsqueda sin acentos ni mayúsculas', async () => {
    const id = await apply(test, {
      fullName: 'María José Núñez',
      email: 'mjn@example.org',
      plan: 'Estudiantil',
    });
    const list = async (query: string) =>
      (await test.admin.request('GET', `${memberApiPaths.members}?${query}`)).json<{
        data: { id: string; status: string; plan: string }[];
        total: number;
      }>();
    const found = await list('q=NUNEZ%20maria');
    expect(found.data.map((row) => row.id)).toEqual([]);
    const byName = await list('q=nunez');
    expect(byName.data.map((row) => row.id)).toEqual([id]);
    expect(byName.data[0]).toMatchObject({
      status: 'en_revision',
      plan: 'estudiantil',
      number: null,
      periodEnd: null,
    });
    expect((await list('q=MJN@EXAMPLE')).total).toBe(1);
    const applications = await list('status=en_revision&plan=estudiantil');
    expect(applications.data.some((row) => row.id === id)).toBe(true);
    expect(applications.data.every((row) => row.status === 'en_revision' && row.plan === 'estudiantil')).toBe(
      true,
    );
    expect((await test.admin.request('GET', `${memberApiPaths.members}?status=nada`)).statusCode).toBe(400);
  });
});
