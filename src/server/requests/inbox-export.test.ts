import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '../lib/csv.ts';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { storeRequest } from './accept-request.ts';
import { inboxPages, listInbox, type InboxFilter } from './inbox.repository.ts';
import { CSV_HEADER, CSV_MAX_ROWS, csvRow } from './inbox.service.ts';

const person = (n: number, kind: 'contacto' | 'Individual') => ({
  kind,
  fullName: `Persona ${n} Núñez`,
  company: n % 2 ? '=HIPERVINCULO("x")' : 'Solar; del "Norte"',
  position: 'Ingeniera',
  email: `persona${n}@example.org`,
  phoneNumber: '5512345678',
  spam: false,
});

describe.each(testDialects)('the requests export on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const mail = { mailTo: t.app.config.mailTo, mailFrom: t.app.config.mailFrom };
    const ids: string[] = [];
    for (let n = 1; n <= 9; n++)
      ids.push(await storeRequest(t.app.db, person(n, n % 3 ? 'contacto' : 'Individual'), mail));
    // Requests that arrived at the same instant: their order is their id's, whichever way the date runs.
    await t.app.db
      .updateTable('requests')
      .set({ created_at: '2031-03-04T10:00:00.000Z' })
      .where('id', 'in', ids.slice(2, 6))
      .execute();
  });
  afterAll(async () => t.close());

  /** The whole list as the inbox reads it, in one query: what the export was made from before. */
  const listed = async (filter: InboxFilter, order: 'asc' | 'desc', limit = CSV_MAX_ROWS) =>
    (await listInbox(t.app.db, filter, { offset: 0, limit, order })).items;

  it('reads the list a page at a time in the list’s own order, up to its limit', async () => {
    for (const order of ['asc', 'desc'] as const) {
      for (const [pageSize, limit] of [
        [2, 100],
        [3, 100],
        [4, 5],
        [9, 9],
        [50, 100],
      ] as const) {
        const pages: string[][] = [];
        for await (const page of inboxPages(t.app.db, {}, order, limit, pageSize)) {
          expect(page.length).toBeLessThanOrEqual(pageSize);
          pages.push(page.map((item) => item.id));
        }
        expect(pages.flat(), `${order}, pages of ${pageSize}, at most ${limit}`).toEqual(
          (await listed({}, order, limit)).map((item) => item.id),
        );
      }
    }
  });

  it('writes the same bytes as the whole list made into one CSV', async () => {
    const admin = new Browser(t.app);
    await admin.login();
    for (const [query, filter, order] of [
      ['', {}, 'desc'],
      ['?order=asc', {}, 'asc'],
      ['?kind=Individual', { kind: 'Individual' }, 'desc'],
      ['?q=nunez&order=asc', { q: 'nunez' }, 'asc'],
      ['?kind=Corporativa', { kind: 'Corporativa' }, 'desc'],
    ] as const) {
      const response = await admin.request('GET', `/api/admin/requests/export.csv${query}`);
      expect(response.statusCode, query).toBe(200);
      const expected = toCsv(CSV_HEADER, (await listed(filter, order)).map(csvRow));
      expect(response.rawPayload.equals(Buffer.from(expected)), query).toBe(true);
    }
  });

  it('answers an error of its own, not a cut file, when the first rows cannot be read', async () => {
    const admin = new Browser(t.app);
    await admin.login();
    await sql`alter table requests rename to requests_away`.execute(t.app.db);
    try {
      const response = await admin.request('GET', '/api/admin/requests/export.csv');
      expect(response.statusCode).toBe(500);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json().error.code).toBeDefined();
    } finally {
      await sql`alter table requests_away rename to requests`.execute(t.app.db);
    }
  });
});
