import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MemberDetail } from '../../shared/member-schemas.ts';
import { memberApiPaths, memberLinks } from '../../shared/member-paths.ts';
import { testDialects } from '../test/databases.ts';
import { REMINDER_PURPOSES, reminderSchedule } from './reminders.ts';
import { FORM, activeMember, linkFor, membersTestApp, pay, type MembersTest } from '../test/members.ts';

const iso = (date: Date) => date.toISOString();

describe('reminderSchedule', () => {
  // 09:00 in Mexico City is 15:00 UTC.
  it('puts the reminders 30 and 7 days before the last day, on it, 15 days into the grace and after it', () => {
    const schedule = reminderSchedule('2031-01-14', 30, new Date('2030-01-15T18:00:00Z'));
    expect(schedule.map((r) => [r.kind, iso(r.sendAt)])).toEqual([
      ['days-30', '2030-12-15T15:00:00.000Z'],
      ['days-7', '2031-01-07T15:00:00.000Z'],
      ['last-day', '2031-01-14T15:00:00.000Z'],
      ['grace', '2031-01-29T15:00:00.000Z'],
      ['lapsed', '2031-02-14T15:00:00.000Z'],
    ]);
  });

  it('keeps, of those whose moment has passed, only the latest', () => {
    const schedule = reminderSchedule('2031-01-14', 30, new Date('2031-01-10T18:00:00Z'));
    expect(schedule.map((r) => r.kind)).toEqual(['days-7', 'last-day', 'grace', 'lapsed']);
    const lapsed = reminderSchedule('2031-01-14', 30, new Date('2035-01-01T00:00:00Z'));
    expect(lapsed.map((r) => r.kind)).toEqual(['lapsed']);
    expect(
      reminderSchedule('2031-01-14', 30, new Date('2031-01-10T18:00:00Z'), false).map((r) => r.kind),
    ).toEqual(['last-day', 'grace', 'lapsed']);
  });

  it('leaves out the grace reminder when the grace is shorter than 15 days', () => {
    const schedule = reminderSchedule('2031-01-14', 10, new Date('2030-01-15T18:00:00Z'));
    expect(schedule.map((r) => [r.kind, iso(r.sendAt)]).at(-1)).toEqual([
      'lapsed',
      '2031-01-25T15:00:00.000Z',
    ]);
    expect(schedule.some((r) => r.kind === 'grace')).toBe(false);
  });
});

describe.each(testDialects)('Recordatorios de renovación en %s', (dialect) => {
  let test: MembersTest;
  beforeAll(async () => {
    test = await membersTestApp(dialect);
  });
  afterAll(async () => test.close());
  beforeEach(() => {
    test.clock.now = new Date('2030-01-15T18:00:00Z');
  });

  const reminderRows = (id: string) =>
    test.t.app.db
      .selectFrom('outbox')
      .select(['id', 'purpose', 'status', 'next_attempt_at', 'body_text'])
      .where('ref_id', '=', id)
      .where('purpose', 'in', Object.values(REMINDER_PURPOSES))
      .orderBy('next_attempt_at')
      .execute();
  const detail = async (id: string) =>
    (await test.admin.request('GET', memberApiPaths.member(id))).json<{ data: MemberDetail }>().data;

  it('programa los recordatorios al registrar el pago, y el siguiente pago los reemplaza', async () => {
    const { id } = await activeMember(test, '2030-01-15');
    const first = await reminderRows(id);
    expect(first.map((row) => [row.purpose, row.next_attempt_at])).toEqual([
      ['member-reminder-30', '2030-12-15T15:00:00.000Z'],
      ['member-reminder-7', '2031-01-07T15:00:00.000Z'],
      ['member-reminder-0', '2031-01-14T15:00:00.000Z'],
      ['member-reminder-grace', '2031-01-29T15:00:00.000Z'],
      ['member-lapsed', '2031-02-14T15:00:00.000Z'],
    ]);
    expect(first[0]!.body_text).toContain('Tu membresía está activa hasta el 14 de enero de 2031.');
    expect(first[0]!.body_text).toMatch(/https:\/\/sitio\.example\.org\/Socia\/[\w-]{40,}/);

    // One of them already went out: it stays in her history; the others are replaced.
    await test.t.app.db
      .updateTable('outbox')
      .set({ status: 'sent', sent_at: '2030-12-15T15:00:05.000Z' })
      .where('id', '=', first[0]!.id)
      .execute();
    test.clock.now = new Date('2030-12-20T18:00:00Z');
    const renewed = await pay(test, id, {
      amountCents: 120_000,
      method: 'spei',
      reference: 'REN-0001',
      paidAt: '2030-12-20',
    });
    expect(renewed.statusCode).toBe(201);
    const second = await reminderRows(id);
    expect(
      second.filter((row) => row.status === 'pending').map((row) => [row.purpose, row.next_attempt_at]),
    ).toEqual([
      ['member-reminder-30', '2031-12-15T15:00:00.000Z'],
      ['member-reminder-7', '2032-01-07T15:00:00.000Z'],
      ['member-reminder-0', '2032-01-14T15:00:00.000Z'],
      ['member-reminder-grace', '2032-01-29T15:00:00.000Z'],
      ['member-lapsed', '2032-02-14T15:00:00.000Z'],
    ]);
    expect(second.filter((row) => row.status === 'sent')).toHaveLength(1);

    const reminders = (await detail(id)).reminders;
    expect(reminders.map((r) => r.state)).toEqual([
      'enviado',
      'programado',
      'programado',
      'programado',
      'programado',
      'programado',
    ]);
    expect(reminders[0]).toMatchObject({
      label: '30 días antes del vencimiento',
      sentAt: '2030-12-15T15:00:05.000Z',
    });
  });

  it('muestra un recordatorio fallido como fallido, y la baja borra los que esperan', async () => {
    const { id } = await activeMember(test, '2030-01-15');
    const [first] = await reminderRows(id);
    await test.t.app.db
      .updateTable('outbox')
      .set({ status: 'failed', last_error: '550 buzón inexistente' })
      .where('id', '=', first!.id)
      .execute();
    expect((await detail(id)).reminders[0]).toMatchObject({
      state: 'fallido',
      lastError: '550 buzón inexistente',
    });

    const token = await linkFor(test, id);
    const left = await test.t.app.inject({
      method: 'POST',
      url: memberLinks.leave(token),
      headers: FORM,
      payload: '',
    });
    expect(left.statusCode).toBe(303);
    expect((await reminderRows(id)).map((row) => row.status)).toEqual(['failed']);
  });

  it('de los recordatorios ya vencidos de una socia importada escribe solo el último, y lo envía una vez', async () => {
    // The real clock: the lapse notice of a period that ended in 2020 is due at once for the worker too.
    test.clock.now = new Date();
    test.peer.clear();
    const csv = 'Nombre,Correo,Plan,Fin del periodo\nRosa Ortiz,rosa@example.org,individual,2020-01-14\n';
    const imported = await test.t.app.inject({
      method: 'POST',
      url: `${memberApiPaths.import}?notify=1`,
      payload: csv,
      headers: {
        'content-type': 'text/csv',
        cookie: Object.entries(test.admin.jar)
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
        'x-xsrf-token': test.admin.token,
      },
    });
    expect(imported.json()).toEqual({ data: { imported: 1, duplicates: [], errors: [] } });
    const member = await test.t.app.db
      .selectFrom('members')
      .select('id')
      .where('email_key', '=', 'rosa@example.org')
      .executeTakeFirstOrThrow();
    expect((await reminderRows(member.id)).map((row) => [row.purpose, row.next_attempt_at])).toEqual([
      ['member-lapsed', '2020-02-14T15:00:00.000Z'],
    ]);
    const toRosa = () => test.peer.messages.filter((mail) => mail.to.includes('rosa@example.org'));
    await expect.poll(() => toRosa().length, { timeout: 5_000 }).toBe(2);
    expect(
      toRosa()
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual(['Tu membresía en Mujeres en Energía Renovable, ahora en el sitio', 'Tu membresía venció']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toRosa()).toHaveLength(2);
    expect((await detail(member.id)).reminders.map((r) => r.state)).toEqual(['enviado']);
  });
});
