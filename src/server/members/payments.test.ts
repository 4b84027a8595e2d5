import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MemberDetail, MemberPageData } from '../../shared/member-schemas.ts';
import { memberApiPaths, memberLinks } from '../../shared/member-paths.ts';
import { testDialects } from '../test/databases.ts';
import {
  activeMember,
  apply,
  approve,
  membersTestApp,
  pageData,
  pay,
  tokenIn,
  type MembersTest,
} from '../test/members.ts';
import { readPdf } from '../test/pdf-text.ts';

describe.each(testDialects)('Cuotas y recibos en %s', (dialect) => {
  let test: MembersTest;
  beforeAll(async () => {
    test = await membersTestApp(dialect);
  });
  afterAll(async () => test.close());
  beforeEach(() => {
    test.peer.clear();
    test.clock.now = new Date('2030-01-15T18:00:00Z');
  });

  const detail = async (id: string) =>
    (await test.admin.request('GET', memberApiPaths.member(id))).json<{ data: MemberDetail }>().data;

  it('registra el primer pago: socia activa por un año, con número, recibo y correo de bienvenida', async () => {
    const id = await apply(test, { email: 'bienvenida@example.org' });
    const payment = await approve(test, id);
    await test.peer.waitForMessages(1);
    test.peer.clear();
    const paid = await pay(test, id, {
      amountCents: 120_000,
      method: 'spei',
      reference: payment.reference.toLowerCase().replace(/-/g, ' '),
      paidAt: '2030-01-15',
    });
    expect(paid.statusCode).toBe(201);
    const result = paid.json<{ data: Record<string, string> }>().data;
    expect(result).toMatchObject({ status: 'activa', periodStart: '2030-01-15', periodEnd: '2031-01-14' });
    expect(result.receipt).toMatch(/^R-2030-\d{5}$/);

    const member = await detail(id);
    expect(member.number).toBeGreaterThan(0);
    expect(member.statusText).toBe('Activa hasta el 14 de enero de 2031');
    expect(member.payments).toEqual([
      expect.objectContaining({ reference: payment.reference, status: 'pagado', folio: result.receipt }),
    ]);

    const [mail] = await test.peer.waitForMessages(1);
    expect(mail!.subject).toContain('¡Bienvenida');
    expect(mail!.text).toContain(`Tu número de socia es el ${member.number}`);
    expect(mail!.text).toContain(result.receipt!);
    const page = pageData<MemberPageData>(
      await test.t.app.inject({ method: 'GET', url: memberLinks.page(tokenIn(mail!.text)) }),
    );
    expect(page.statusText).toBe('Activa hasta el 14 de enero de 2031');
    expect(page.receipts).toEqual([
      {
        id: result.paymentId,
        folio: result.receipt,
        dateText: '15 de enero de 2030',
        amountText: '$1,200.00 MXN',
      },
    ]);
  });

  it('el mismo pago dos veces da un solo recibo', async () => {
    const id = await apply(test);
    const payment = await approve(test, id);
    const body = { amountCents: 120_000, method: 'spei', reference: payment.reference, paidAt: '2030-01-15' };
    const [first, second] = await Promise.all([pay(test, id, body), pay(test, id, body)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().data).toEqual(second.json().data);
    const member = await detail(id);
    expect(member.payments.filter((p) => p.status === 'pagado')).toHaveLength(1);
    expect(member.history.filter((entry) => entry.action === 'pago')).toHaveLength(1);
  });

  it('rechaza un importe de 0, una fecha futura y una referencia ya usada, con mensajes por campo', async () => {
    const { id, payment } = await activeMember(test);
    const other = await apply(test);
    await approve(test, other);
    const refused = async (body: Record<string, unknown>, target = other) => {
      const response = await pay(test, target, body);
      expect(response.statusCode).toBe(400);
      return response.json<{ error: { fields: Record<string, string> } }>().error.fields;
    };
    const valid = { amountCents: 120_000, method: 'spei', reference: 'SPEI-0001', paidAt: '2030-01-15' };
    expect(await refused({ ...valid, amountCents: 0 })).toEqual({
      amountCents: 'El importe debe ser mayor que cero',
    });
    expect(await refused({ ...valid, paidAt: '2030-01-16' })).toEqual({
      paidAt: 'La fecha de pago no puede ser futura',
    });
    expect(await refused({ ...valid, paidAt: '2030-01-15T18:00:01Z' })).toEqual({
      paidAt: 'La fecha de pago no puede ser futura',
    });
    expect(await refused({ ...valid, method: 'tarjeta' })).toEqual({ method: 'Elige spei, efectivo u otro' });
    // Another member's reference, and this member's reference with another amount.
    expect(await refused({ ...valid, reference: payment.reference })).toEqual({
      reference: 'Esta referencia ya se usó en otro pago',
    });
    expect(await refused({ ...valid, reference: payment.reference, amountCents: 1 }, id)).toEqual({
      reference: 'Esta referencia ya se usó en otro pago',
    });
    // A reference nobody was issued (cash, say) is recorded as given.
    const cash = await pay(test, other, { ...valid, method: 'efectivo', reference: ' caja-0042 ' });
    expect(cash.statusCode).toBe(201);
    const payments = (await detail(other)).payments.map((p) => [p.reference, p.status]);
    expect(payments).toHaveLength(2);
    expect(payments).toContainEqual([expect.stringMatching(/^MEER-/), 'cancelado']);
    expect(payments).toContainEqual(['CAJA-0042', 'pagado']);
  });

  it('extiende desde el fin del periodo mientras está activa o en gracia, y empieza de nuevo si venció', async () => {
    const { id } = await activeMember(test, '2030-01-15');
    const renew = async (paidAt: string, reference: string) => {
      const response = await pay(test, id, { amountCents: 120_000, method: 'spei', reference, paidAt });
      expect(response.statusCode).toBe(201);
      return response.json<{ data: { status: string; periodStart: string; periodEnd: string } }>().data;
    };
    // Active: the new year follows the old one.
    test.clock.now = new Date('2030-12-20T18:00:00Z');
    expect(await renew('2030-12-20', 'REN-1')).toMatchObject({
      periodStart: '2031-01-15',
      periodEnd: '2032-01-14',
    });
    // In grace (its last day, 23:30 in Mexico City): still the anniversary.
    test.clock.now = new Date('2032-02-14T05:30:00Z');
    expect((await detail(id)).status).toBe('en_gracia');
    expect(await renew('2032-02-14T05:30:00Z', 'REN-2')).toMatchObject({
      status: 'activa',
      periodStart: '2032-01-15',
      periodEnd: '2033-01-14',
    });
    // Lapsed: a new year from the day of payment.
    test.clock.now = new Date('2033-03-01T18:00:00Z');
    expect((await detail(id)).status).toBe('vencida');
    expect(await renew('2033-03-01', 'REN-3')).toMatchObject({
      status: 'activa',
      periodStart: '2033-03-01',
      periodEnd: '2034-02-28',
    });
  });

  it('da folios seguidos por año y números de socia seguidos, también a la vez', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => apply(test)));
    const payments = await Promise.all(ids.map((id) => approve(test, id)));
    const results = await Promise.all(
      ids.map((id, index) =>
        pay(test, id, {
          amountCents: payments[index]!.amountCents,
          method: 'spei',
          reference: payments[index]!.reference,
          paidAt: '2030-01-15',
        }),
      ),
    );
    const folios = results.map((r) => Number(r.json<{ data: { receipt: string } }>().data.receipt.slice(-5)));
    const sorted = [...folios].sort((a, b) => a - b);
    expect(sorted).toEqual(Array.from({ length: 6 }, (_, i) => sorted[0]! + i));
    const numbers = (await Promise.all(ids.map(detail)))
      .map((member) => member.number!)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 6 }, (_, i) => numbers[0]! + i));
  });

  it('entrega el recibo en PDF: carta, una página, con folio, nombre, plan, importe, fecha y "Recibo no fiscal"', async () => {
    const { id, receipt } = await activeMember(test, '2030-01-15', { fullName: 'Ana Núñez López' });
    const response = await test.admin.request('GET', memberApiPaths.receipt(id, receipt.paymentId));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 612 792]');
    const { pages, text } = readPdf(pdf);
    expect(pages).toBe(1);
    for (const words of [
      receipt.receipt,
      'Ana Núñez López',
      'Individual',
      '$1,200.00 MXN',
      '15 de enero de 2030',
    ])
      expect(text).toContain(words);
    expect(text).toContain('Recibo no fiscal');
    // Not another member's payment, nor one that is not paid.
    const other = await apply(test);
    expect(
      (await test.admin.request('GET', memberApiPaths.receipt(other, receipt.paymentId))).statusCode,
    ).toBe(404);
  });

  it('lee el estado de cuenta, propone solo lo que coincide en referencia e importe, y registra lo aceptado', async () => {
    const ana = await apply(test);
    const bea = await apply(test);
    const [annaPayment, beaPayment] = [await approve(test, ana), await approve(test, bea)];
    const csv = [
      'Fecha;Concepto;Referencia;Cargo;Abono;Saldo',
      `14/01/2030;SPEI RECIBIDO ${annaPayment.reference.toLowerCase()};0012345;;1.200,00;5.000,00`,
      `14/01/2030;PAGO CUOTA ${beaPayment.reference.replace(/-/g, '')};0012346;;1.000,00;6.000,00`,
      '14/01/2030;COMISION;;15,00;;5.985,00',
      '15/01/2030;DEPOSITO SIN REFERENCIA;;;500,00;6.485,00',
    ].join('\r\n');
    // The file itself, not JSON.
    const json = await test.admin.request('POST', memberApiPaths.statement, { data: csv });
    expect(json.statusCode).toBe(415);
    const read = await test.t.app.inject({
      method: 'POST',
      url: memberApiPaths.statement,
      payload: csv,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        cookie: cookieOf(test),
        'x-xsrf-token': test.admin.token,
      },
    });
    expect(read.statusCode).toBe(200);
    const lines = read.json<{ data: { reference: string | null; match: string; amountCents: number }[] }>()
      .data;
    expect(lines.map((line) => [line.reference, line.match, line.amountCents])).toEqual([
      [annaPayment.reference, 'coincide', 120_000],
      [beaPayment.reference, 'importe distinto', 100_000],
      [null, 'sin referencia', 50_000],
    ]);
    const accepted = await test.admin.request('POST', memberApiPaths.statementAccept, {
      data: {
        matches: [
          { reference: annaPayment.reference, amountCents: 120_000, paidAt: '2030-01-14' },
          { reference: beaPayment.reference, amountCents: 100_000, paidAt: '2030-01-14' },
        ],
      },
    });
    const outcome = accepted.json<{
      data: { recorded: { reference: string }[]; refused: { reference: string }[] };
    }>();
    expect(outcome.data.recorded.map((r) => r.reference)).toEqual([annaPayment.reference]);
    expect(outcome.data.refused.map((r) => r.reference)).toEqual([beaPayment.reference]);
    expect((await detail(ana)).status).toBe('activa');
    expect((await detail(bea)).status).toBe('por_pagar');
  });
});

function cookieOf(test: MembersTest) {
  return Object.entries(test.admin.jar)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}
