import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../shared/api-paths.ts';
import { memberApiPaths } from '../../shared/member-paths.ts';
import { testDialects } from '../test/databases.ts';
import { deleteExpiredRecords } from './payments.repository.ts';
import { eraseMembers } from './person-data.ts';
import { activeMember, linkFor, membersTestApp, FORM, type MembersTest } from '../test/members.ts';
import { memberLinks } from '../../shared/member-paths.ts';

describe.each(testDialects)('Los datos de una socia y sus derechos en %s', (dialect) => {
  let test: MembersTest;
  beforeAll(async () => {
    test = await membersTestApp(dialect);
  });
  afterAll(async () => test.close());

  it('la encuentra la búsqueda de personas, la bloquea la cancelación y al borrarla conserva sus recibos cinco años', async () => {
    const { id, receipt } = await activeMember(test, '2030-01-15', {
      email: 'cancela@example.org',
      fullName: 'Paz Cancelada',
    });
    const token = await linkFor(test, id);
    await test.t.app.inject({
      method: 'POST',
      url: memberLinks.directory(token),
      headers: FORM,
      payload: 'listed=on&showFullName=on',
    });

    const found = await test.admin.request('GET', `${apiRoutes.person}?email=CANCELA@example.org`);
    const section = found.json().data.members as Record<string, unknown>[];
    expect(section).toHaveLength(1);
    expect(section[0]).toMatchObject({ full_name: 'Paz Cancelada', status: 'socia' });
    expect((section[0]!.payments as unknown[]).length).toBe(1);
    expect((section[0]!.history as unknown[]).length).toBeGreaterThan(0);
    expect(
      found.json().data.consents.some((c: { purpose: string }) => c.purpose === 'member-directory'),
    ).toBe(true);

    await test.admin.confirm();
    const cancelled = await test.admin.request('POST', apiRoutes.personCancel, {
      data: { email: 'cancela@example.org' },
    });
    expect(cancelled.statusCode).toBe(200);
    // Blocked: she left, out of every list and of the directory, with no reminders waiting.
    const listed = await test.admin.request('GET', `${memberApiPaths.members}?q=cancela`);
    expect(listed.json().total).toBe(0);
    const member = await test.t.app.db
      .selectFrom('members')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(member).toMatchObject({ status: 'baja', directory_listed: 0 });
    const directory = await test.t.app.inject({ method: 'GET', url: memberApiPaths.directory });
    expect(JSON.stringify(directory.json())).not.toContain('Paz');
    const waiting = await test.t.app.db
      .selectFrom('outbox')
      .select('id')
      .where('ref_id', '=', id)
      .where('status', '=', 'pending')
      .execute();
    expect(waiting).toEqual([]);
    expect((await test.t.app.inject({ method: 'GET', url: memberLinks.page(token) })).statusCode).toBe(404);

    // After the blocking period, her data go; her paid receipt stays, with the name it carries.
    await test.t.app.db.transaction().execute((trx) => eraseMembers(trx, 'cancela@example.org', new Date()));
    const erased = await test.t.app.db
      .selectFrom('members')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(erased).toMatchObject({ full_name: '', email: '', organisation: '', phone: '' });
    expect(erased.erased_at).not.toBeNull();
    const history = await test.t.app.db
      .selectFrom('member_history')
      .select('id')
      .where('member_id', '=', id)
      .execute();
    expect(history).toEqual([]);
    const kept = await test.t.app.db
      .selectFrom('membership_payments')
      .selectAll()
      .where('member_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ folio: receipt.receipt, payer_name: 'Paz Cancelada', status: 'pagado' });
    expect(kept.keep_until).toBe('2035-01-15T18:00:00.000Z');
    expect((await test.admin.request('GET', memberApiPaths.member(id))).statusCode).toBe(404);

    // Five years on, the receipt and what is left of her go too.
    expect(await deleteExpiredRecords(test.t.app.db, new Date('2035-01-15T17:00:00Z'))).toBe(0);
    expect(await deleteExpiredRecords(test.t.app.db, new Date('2035-01-15T18:00:00Z'))).toBe(1);
    expect(await test.t.app.db.selectFrom('members').select('id').where('id', '=', id).execute()).toEqual([]);
  });
});
