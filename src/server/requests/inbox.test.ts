import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { clock, isoDay } from '../../shared/clock.ts';
import { UTF8_BOM } from '../lib/csv.ts';

interface Item {
  id: string;
  kind: string;
  fullName: string;
  status: string;
  spam: boolean;
  delivery: { state: string; attempts: number; lastError: string | null };
}

const visitorRequest = (overrides: Record<string, string>) => ({
  data: {
    fullName: 'Ana Pérez Núñez',
    company: 'Energía Solar del Bajío',
    position: 'Ingeniera',
    email: 'ana@example.org',
    phoneNumber: '5512345678',
    ...overrides,
  },
});

describe.each(testDialects)('requests inbox on %s', (dialect) => {
  let t: TestApp;
  let admin: Browser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = new Browser(t.app);
    await admin.login();
    const visitor = new Browser(t.app);
    const send = async (key: string, body: ReturnType<typeof visitorRequest>) => {
      const response = await visitor.request('POST', '/api/mail/contact', body);
      expect(response.statusCode).toBe(201);
      ids[key] = response.json().data.id;
    };
    await send('contact', visitorRequest({ fullName: 'Sofía Álvarez', email: 'sofia@example.org' }));
    await send('member', visitorRequest({ memberships: 'Individual', company: '=HIPERVINCULO("x")' }));
    await send('spam', visitorRequest({ fullName: 'Bot', website: 'https://spam.example' }));
  });
  afterAll(async () => t.close());

  const list = async (query = '') => {
    const response = await admin.request('GET', `/api/admin/requests${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: Item[]; total: number }>();
  };

  it('counts in its summary the new requests nobody handled for 30 days, and only those', async () => {
    const summary = async () =>
      (await admin.request('GET', '/api/admin/requests/summary')).json<{ data: { staleRequests: number } }>()
        .data.staleRequests;
    expect(await summary()).toBe(0);
    const aged = [ids.contact!, ids.spam!];
    const before = await t.app.db
      .selectFrom('requests')
      .select(['id', 'created_at'])
      .where('id', 'in', aged)
      .execute();
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await t.app.db.updateTable('requests').set({ created_at: old }).where('id', 'in', aged).execute();
    try {
      // The spam is not counted: nobody is waiting for its answer.
      expect(await summary()).toBe(1);
      expect((await new Browser(t.app).request('GET', '/api/admin/requests/summary')).statusCode).toBe(401);
    } finally {
      for (const row of before) {
        await t.app.db
          .updateTable('requests')
          .set({ created_at: row.created_at })
          .where('id', '=', row.id)
          .execute();
      }
    }
  });

  it('lists every request newest first with its type and delivery state, spam apart', async () => {
    const all = await list();
    expect(all.total).toBe(2);
    expect(all.data.map((item) => item.id)).toEqual([ids.member, ids.contact]);
    expect(all.data[0]).toMatchObject({ kind: 'Individual', status: 'nueva', spam: false });
    expect(all.data[0]!.delivery).toEqual(
      expect.objectContaining({ state: 'pendiente', attempts: 0, lastError: null }),
    );
    const spam = await list('?spam=true');
    expect(spam.data.map((item) => item.id)).toEqual([ids.spam]);
    expect(spam.data[0]!.delivery.state).toBe('sin envío');
    const spamMail = await t.app.db
      .selectFrom('outbox')
      .selectAll()
      .where('request_id', '=', ids.spam!)
      .execute();
    expect(spamMail).toEqual([]);
  });

  it('filters by type, status, date and text', async () => {
    expect((await list('?kind=contacto')).data.map((item) => item.id)).toEqual([ids.contact]);
    expect((await list('?kind=Corporativa')).total).toBe(0);
    expect((await list('?status=atendida')).total).toBe(0);
    expect((await list('?q=SOF%C3%ADa')).data.map((item) => item.id)).toEqual([ids.contact]);
    // A capital with an accent matches on SQLite too, whose lower() leaves it as it is.
    expect((await list('?q=%C3%81lvarez')).data.map((item) => item.id)).toEqual([ids.contact]);
    expect((await list('?q=%C3%81LVAREZ')).data.map((item) => item.id)).toEqual([ids.contact]);
    const today = isoDay(clock.today());
    expect((await list(`?from=${today}&to=${today}`)).total).toBe(2);
    expect((await list('?from=2999-01-01')).total).toBe(0);
    expect((await list('?to=2000-01-01')).total).toBe(0);
    const bad = await admin.request('GET', '/api/admin/requests?kind=Otro');
    expect(bad.statusCode).toBe(400);
    const noSuchDay = await admin.request('GET', '/api/admin/requests?from=2026-02-30');
    expect(noSuchDay.statusCode).toBe(400);
    expect(noSuchDay.json().error.fields.from).toBe('Esa fecha no existe en el calendario');
  });

  it('reads day filters on the association clock: a request at 23:30 belongs to that day', async () => {
    const [stored] = await t.app.db
      .selectFrom('requests')
      .select('created_at')
      .where('id', '=', ids.contact!)
      .execute();
    // 26 March 2026, 23:30 in Mexico City: already the 27th in UTC.
    const late = '2026-03-27T05:30:00.000Z';
    await t.app.db.updateTable('requests').set({ created_at: late }).where('id', '=', ids.contact!).execute();
    try {
      expect((await list('?from=2026-03-26&to=2026-03-26')).data.map((item) => item.id)).toEqual([
        ids.contact,
      ]);
      expect((await list('?from=2026-03-27&to=2026-03-27')).total).toBe(0);
      expect((await list('?to=2026-03-25')).total).toBe(0);
    } finally {
      await t.app.db
        .updateTable('requests')
        .set({ created_at: stored!.created_at })
        .where('id', '=', ids.contact!)
        .execute();
    }
  });

  it('finds names, companies and e-mails whatever the case and accents typed', async () => {
    const found = async (q: string) =>
      (await list(`?q=${encodeURIComponent(q)}`)).data.map((item) => item.id).sort();
    expect(await found('nunez')).toEqual([ids.member]);
    expect(await found('NÚÑEZ')).toEqual([ids.member]);
    expect(await found('alvarez')).toEqual([ids.contact]);
    expect(await found('sofia')).toEqual([ids.contact]);
    expect(await found('energia solar del bajio')).toEqual([ids.contact]);
    expect(await found('SOFIA@EXAMPLE')).toEqual([ids.contact]);
    expect(await found('núñez álvarez')).toEqual([]);
    // LIKE's wildcards typed by the admin are text, not patterns.
    expect(await found('%')).toEqual([ids.contact, ids.member].sort());
    expect(await found('_')).toEqual([ids.contact, ids.member].sort());
    expect((await list('?q=nunez&spam=true')).total).toBe(0);
    expect((await list('?q=bot&spam=true')).data.map((item) => item.id)).toEqual([ids.spam]);
  });

  it('marks a request as handled', async () => {
    const response = await admin.request('PUT', `/api/admin/requests/${ids.contact}/status`, {
      status: 'atendida',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.status).toBe('atendida');
    expect((await list('?status=atendida')).data.map((item) => item.id)).toEqual([ids.contact]);
    const missing = await admin.request('PUT', '/api/admin/requests/nope/status', { status: 'atendida' });
    expect(missing.statusCode).toBe(404);
    const invalid = await admin.request('PUT', `/api/admin/requests/${ids.contact}/status`, {
      status: 'borrada',
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('puts a failed delivery back in the queue, due now', async () => {
    const before = new Date();
    await t.app.db
      .updateTable('outbox')
      .set({
        status: 'failed',
        attempts: 3,
        last_error: '550 buzón lleno',
        next_attempt_at: '2000-01-01T00:00:00.000Z',
      })
      .where('request_id', '=', ids.member!)
      .where('purpose', '=', 'ack')
      .execute();
    const failed = (await list('?kind=Individual')).data[0]!;
    expect(failed.delivery).toMatchObject({ state: 'fallido', attempts: 3, lastError: '550 buzón lleno' });

    const retried = await admin.request('POST', `/api/admin/requests/${ids.member}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.delivery.state).toBe('pendiente');
    const rows = await t.app.db
      .selectFrom('outbox')
      .selectAll()
      .where('request_id', '=', ids.member!)
      .execute();
    expect(rows.map((row) => row.status).sort()).toEqual(['pending', 'pending']);
    const ack = rows.find((row) => row.purpose === 'ack')!;
    expect(ack.next_attempt_at >= before.toISOString()).toBe(true);
    expect(ack.locked_until).toBeNull();

    const again = await admin.request('POST', `/api/admin/requests/${ids.member}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Esta solicitud no tiene envíos fallidos que reintentar.');
  });

  it('exports the filtered list as CSV with a BOM, accents intact and formulas defused', async () => {
    const response = await admin.request('GET', '/api/admin/requests/export.csv?kind=Individual');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="solicitudes-${isoDay(clock.today())}.csv"`,
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = response.body;
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Fecha (hora de la Ciudad de México),Tipo,Estado,Nombre,Empresa,Puesto,Correo,Teléfono,Envío del correo,Intentos,Último error,Spam',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Ana Pérez Núñez');
    expect(lines[1]).toContain(`"'=HIPERVINCULO(""x"")"`);
    expect(lines[1]).toContain(',Individual,nueva,');
    const everything = await admin.request('GET', '/api/admin/requests/export.csv');
    expect(everything.body).toContain('Sofía Álvarez');
    expect(everything.body).not.toContain('Bot,');
  });

  it('keeps requests by default and deletes handled ones past the retention and old spam, saying so in the audit log', async () => {
    expect((await admin.request('GET', '/api/admin/settings/retention')).json()).toEqual({
      data: { retentionDays: null },
    });
    // Changing it asks for the password again (decision 035).
    expect((await admin.confirm()).statusCode).toBe(200);
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await t.app.db.updateTable('requests').set({ created_at: old }).execute();
    // Marked handled today, the contact request is kept: the period counts from its last change.
    expect(
      (await admin.request('PUT', '/api/admin/settings/retention', { retentionDays: 30 })).json(),
    ).toEqual({
      data: { retentionDays: 30, deleted: 1 },
    });
    expect(
      await t.app.db.selectFrom('requests').select('id').where('id', '=', ids.contact!).execute(),
    ).toHaveLength(1);
    await t.app.db.updateTable('requests').set({ updated_at: old }).execute();

    const saved = await admin.request('PUT', '/api/admin/settings/retention', { retentionDays: 30 });
    expect(saved.statusCode).toBe(200);
    // The handled request goes (the spam past 30 days went already, whatever its status); the new one stays.
    expect(saved.json()).toEqual({ data: { retentionDays: 30, deleted: 1 } });
    const remaining = await t.app.db.selectFrom('requests').select('id').execute();
    expect(remaining.map((row) => row.id).sort()).toEqual([ids.member]);
    const orphanMail = await t.app.db
      .selectFrom('outbox')
      .selectAll()
      .where('request_id', '=', ids.contact!)
      .execute();
    expect(orphanMail).toEqual([]);

    const audit = await admin.request('GET', '/api/admin/audit?action=retention.purge');
    expect(audit.json().data).toEqual([
      expect.objectContaining({
        adminEmail: 'admin@example.org',
        detail: 'Se eliminaron 1 solicitudes atendidas o archivadas sin cambios en más de 30 días',
      }),
    ]);
    const off = await admin.request('PUT', '/api/admin/settings/retention', { retentionDays: null });
    expect(off.json()).toEqual({ data: { retentionDays: null, deleted: 0 } });
    const invalid = await admin.request('PUT', '/api/admin/settings/retention', { retentionDays: 0 });
    expect(invalid.statusCode).toBe(400);
  });

  it('answers 401 to a visitor on every inbox route', async () => {
    const visitor = new Browser(t.app);
    for (const [method, url] of [
      ['GET', '/api/admin/requests'],
      ['GET', '/api/admin/requests/export.csv'],
      ['PUT', `/api/admin/requests/${ids.member}/status`],
      ['POST', `/api/admin/requests/${ids.member}/retry`],
      ['GET', '/api/admin/settings/retention'],
    ] as const) {
      const response = await visitor.request(
        method,
        url,
        method === 'PUT' ? { status: 'atendida' } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
