import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pagePaths } from '../../shared/api-paths.ts';
import type { MemberListItem, MemberPagesData, Plan } from '../../shared/member-schemas.ts';
import { memberApiPaths } from '../../shared/member-paths.ts';
import { Browser, cookieHeader } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { activeMember, apply, approve, membersTestApp, pageData, type MembersTest } from '../test/members.ts';

describe.each(testDialects)('Lo que ve el equipo en %s', (dialect) => {
  let test: MembersTest;
  beforeAll(async () => {
    test = await membersTestApp(dialect);
  });
  afterAll(async () => test.close());
  beforeEach(() => {
    test.clock.now = new Date('2030-01-15T18:00:00Z');
  });

  const csv = (url: string, body: string) =>
    test.t.app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: {
        'content-type': 'text/csv',
        cookie: cookieHeader(test.admin.jar),
        'x-xsrf-token': test.admin.token,
      },
    });
  const list = async (query: string) =>
    (await test.admin.request('GET', `${memberApiPaths.members}?perPage=200&${query}`)).json<{
      data: MemberListItem[];
      total: number;
    }>();

  it('publica los planes con sus cuotas, y el equipo los edita', async () => {
    const plans = await test.t.app.inject({ method: 'GET', url: memberApiPaths.plans });
    expect(plans.headers['cache-control']).toBe('no-cache');
    expect(plans.headers.etag).toBeDefined();
    const again = await test.t.app.inject({
      method: 'GET',
      url: memberApiPaths.plans,
      headers: { 'if-none-match': plans.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(plans.json<{ data: Plan[] }>().data).toEqual([
      {
        slug: 'individual',
        name: 'Individual',
        feeCents: 120_000,
        periodMonths: 12,
        graceDays: 30,
        seats: 1,
      },
      {
        slug: 'corporativa-2',
        name: 'Corporativa (2 membresías)',
        feeCents: 600_000,
        periodMonths: 12,
        graceDays: 30,
        seats: 2,
      },
      {
        slug: 'corporativa-4',
        name: 'Corporativa (4 membresías)',
        feeCents: 1_000_000,
        periodMonths: 12,
        graceDays: 30,
        seats: 4,
      },
      {
        slug: 'corporativa-10',
        name: 'Corporativa (10 membresías)',
        feeCents: 2_000_000,
        periodMonths: 12,
        graceDays: 30,
        seats: 10,
      },
      {
        slug: 'estudiantil',
        name: 'Estudiantil',
        feeCents: 36_000,
        periodMonths: 12,
        graceDays: 30,
        seats: 1,
      },
    ]);
    const anonymous = await new Browser(test.t.app).request('PUT', memberApiPaths.plan('estudiantil'), {
      data: { name: 'Estudiantil', feeCents: 1, periodMonths: 12, graceDays: 30, seats: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    const edited = await test.admin.request('PUT', memberApiPaths.plan('estudiantil'), {
      data: { name: 'Estudiantil', feeCents: 40_000, periodMonths: 12, graceDays: 45, seats: 1 },
    });
    expect(edited.json().data).toMatchObject({ feeCents: 40_000, graceDays: 45 });
    // /Membresias is drawn with the fees as they are now.
    const page = await test.t.app.inject({ method: 'GET', url: pagePaths.membresias });
    expect(pageData<{ plans: Plan[] } & MemberPagesData>(page).plans).toContainEqual(
      expect.objectContaining({ slug: 'estudiantil', feeCents: 40_000 }),
    );
    const wrong = await test.admin.request('PUT', memberApiPaths.plan('estudiantil'), {
      data: { name: 'Estudiantil', feeCents: -1, periodMonths: 0, graceDays: 30, seats: 1 },
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().error.fields).sort()).toEqual(['feeCents', 'periodMonths']);
    await test.admin.request('PUT', memberApiPaths.plan('estudiantil'), {
      data: { name: 'Estudiantil', feeCents: 36_000, periodMonths: 12, graceDays: 30, seats: 1 },
    });
  });

  it('revisa la CLABE por su dígito de control', async () => {
    const save = (clabe: string) =>
      test.admin.request('PUT', memberApiPaths.settings, {
        data: { bank: 'Banco', beneficiary: 'Asociación', clabe },
      });
    expect((await save('002180123456789012')).json().error.fields).toEqual({
      clabe: 'El dígito de control de la CLABE no coincide: revisa que esté bien escrita',
    });
    expect((await save('0021801234')).json().error.fields).toEqual({ clabe: 'La CLABE tiene 18 dígitos' });
    const saved = await save('032 180 000118359719');
    expect(saved.json()).toEqual({
      data: { bank: 'Banco', beneficiary: 'Asociación', clabe: '032180000118359719' },
    });
    expect((await test.admin.request('GET', memberApiPaths.settings)).json().data.clabe).toBe(
      '032180000118359719',
    );
  });

  it('cuenta en el resumen lo mismo que muestran los filtros de la lista', async () => {
    await activeMember(test, '2030-01-15');
    await activeMember(test, '2029-02-10'); // ends 2030-02-09: within 30 days
    await activeMember(test, '2028-12-20'); // ended 2029-12-19: in grace until 2030-01-18
    await apply(test);
    const summary = (await test.admin.request('GET', memberApiPaths.summary)).json().data;
    expect(summary).toEqual({
      active: (await list('status=activa')).total,
      endingIn30Days: (await list('status=activa&endsWithinDays=30')).total,
      inGrace: (await list('status=en_gracia')).total,
      applications: (await list('status=en_revision')).total,
    });
    expect(summary.endingIn30Days).toBeGreaterThanOrEqual(1);
    expect(summary.inGrace).toBeGreaterThanOrEqual(1);
    const ending = await list('endsWithinDays=30');
    expect(ending.data.every((row) => row.periodEnd! >= '2030-01-15' && row.periodEnd! <= '2030-02-14')).toBe(
      true,
    );
  });

  it('exporta las socias en CSV, fila por fila', async () => {
    await activeMember(test, '2030-01-15', { fullName: 'Exportada Sánchez' });
    const response = await test.admin.request('GET', `${memberApiPaths.csv}?status=activa`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="socias-2030-01-15.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Número,Nombre,Correo,Organización,Puesto,Teléfono,Plan,Estado,Inicio del periodo,Fin del periodo,Alta en el sitio (hora de la Ciudad de México)',
    );
    expect(
      lines.some(
        (line) => line.includes('Exportada Sánchez') && line.includes(',Activa,2030-01-15,2031-01-14,'),
      ),
    ).toBe(true);
    expect(lines).toHaveLength((await list('status=activa')).total + 1);
  });

  it('importa socias de un CSV: las repetidas se informan y no se importan dos veces, sin correo', async () => {
    await activeMember(test, '2030-01-15', { email: 'ya.socia@example.org' });
    const before = await test.t.app.db.selectFrom('outbox').select('id').execute();
    const file = [
      'Nombre;Correo electrónico;Plan;Vence;Organización;Puesto',
      'Carmen Ruiz;carmen@example.org;Individual;31/12/2030;Solar Sur;Directora',
      'Ya Socia;YA.SOCIA@example.org;individual;2030-06-30;;',
      'Carmen Otra Vez;carmen@example.org;estudiantil;2030-06-30;;',
      'Sin Correo;no-es-correo;individual;2030-06-30;;',
      'Plan Raro;raro@example.org;platino;2030-06-30;;',
    ].join('\n');
    const response = await csv(memberApiPaths.import, file);
    expect(response.json()).toEqual({
      data: {
        imported: 1,
        duplicates: [
          { line: 3, email: 'YA.SOCIA@example.org' },
          { line: 4, email: 'carmen@example.org' },
        ],
        errors: [
          { line: 5, fields: { email: 'El campo no cumple con el formato valido de correo' } },
          { line: 6, fields: { plan: expect.stringContaining('Elige un plan') } },
        ],
      },
    });
    const carmen = (await list('q=carmen')).data[0]!;
    expect(carmen).toMatchObject({ status: 'activa', periodEnd: '2030-12-31', plan: 'individual' });
    expect(carmen.number).toBeGreaterThan(0);
    const written = await test.t.app.db
      .selectFrom('outbox')
      .select(['purpose', 'next_attempt_at'])
      .where(
        'id',
        'not in',
        before.map((row) => row.id),
      )
      .execute();
    // Only reminders still to come: nothing goes out now.
    expect(
      written.every((row) => row.purpose.startsWith('member-reminder') || row.purpose === 'member-lapsed'),
    ).toBe(true);
    expect(written.every((row) => row.next_attempt_at > '2030-01-15')).toBe(true);
    const missing = await csv(memberApiPaths.import, 'Nombre,Correo\nAna,ana@example.org\n');
    expect(missing.json().error.fields).toEqual({ file: 'No encontramos la columna plan en el encabezado' });
  });

  it('emite una referencia de renovación una sola vez, y el historial nombra a quien la emitió', async () => {
    const { id, payment } = await activeMember(test, '2030-01-10');
    const first = await test.admin.request('POST', memberApiPaths.renewal(id));
    expect(first.statusCode).toBe(200);
    const renewal = first.json<{ data: { reference: string; amountCents: number } }>().data;
    expect(renewal.amountCents).toBe(payment.amountCents);
    expect(renewal.reference).not.toBe(payment.reference);
    const again = await test.admin.request('POST', memberApiPaths.renewal(id));
    expect(again.json<{ data: { reference: string } }>().data.reference).toBe(renewal.reference);
    const detail = (await test.admin.request('GET', memberApiPaths.member(id))).json<{
      data: { history: { actor: string; action: string; detail: string | null }[] };
    }>().data;
    const renewals = detail.history.filter((entry) => entry.action === 'renovacion');
    expect(renewals).toHaveLength(1);
    expect(renewals[0]!.actor).toMatch(/@/);
    expect(renewals[0]!.detail).toContain(renewal.reference);
    // An application under review has nothing to renew.
    const applicant = await apply(test);
    expect((await test.admin.request('POST', memberApiPaths.renewal(applicant))).statusCode).toBe(409);
  });

  it('da a otros dominios la audiencia de socias activas o en gracia', async () => {
    await activeMember(test, '2030-01-15', { email: 'audiencia.activa@example.org' });
    await activeMember(test, '2028-12-20', { email: 'audiencia.gracia@example.org' });
    const pending = await apply(test, { email: 'audiencia.pendiente@example.org' });
    await approve(test, pending);
    const collect = async (audience: 'members-active' | 'members-grace') => {
      const emails: string[] = [];
      for await (const email of test.t.app.memberAudience.emails(test.t.app.db, audience)) emails.push(email);
      return emails;
    };
    const active = await collect('members-active');
    const grace = await collect('members-grace');
    expect(active).toContain('audiencia.activa@example.org');
    expect(active).not.toContain('audiencia.gracia@example.org');
    expect(grace).toContain('audiencia.gracia@example.org');
    expect([...active, ...grace]).not.toContain('audiencia.pendiente@example.org');
    expect(new Set(active).size).toBe(active.length);
  });
});
