import { describe, expect, it } from 'vitest';
import { adminPaths } from '../../shared/api-paths.ts';
import { eventsContent as eventsRepository } from '../content/content.service.ts';
import { timeOrderedId } from '../db/ids.ts';
import { toCsv, UTF8_BOM } from '../lib/csv.ts';
import { Browser, useTestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { eventInput } from '../test/events.ts';
import { CSV_HEADER, csvRow } from './admin.service.ts';
import { insertRegistration, listForEvent, pagesForEvent } from './registrations.repository.ts';

const STATUSES = ['confirmed', 'waitlisted', 'cancelled'] as const;
const NAMES = ['Ana Núñez', '=HYPERLINK("x")', 'Con "comillas", comas; y\nsaltos', '-menos', 'Zoé'];

describe.each(testDialects)('El CSV de los registros de un evento en %s', (dialect) => {
  const t = useTestApp(dialect);

  it('sale fila por fila con los mismos bytes que antes', async () => {
    const event = await eventsRepository.create(
      t.app.db,
      eventInput({ name: 'Taller con lista larga', registration: { enabled: true, capacity: null } }),
    );
    // Many rows in every status, with equal times and places, and values a spreadsheet must take as text.
    for (let n = 0; n < 260; n++) {
      const status = STATUSES[n % 3]!;
      const created = new Date(Date.UTC(2099, 0, 1 + (n % 28), n % 24, n % 60)).toISOString();
      await insertRegistration(t.app.db, {
        id: timeOrderedId(),
        event_id: event.id,
        full_name: `${NAMES[n % NAMES.length]} ${n}`,
        email: `persona.${n}@example.org`,
        email_key: `persona.${n}@example.org`,
        status,
        place: status === 'confirmed' && n % 2 === 0 ? null : n,
        source: n % 7 === 0 ? 'admin' : 'sitio',
        reminder_for: null,
        created_at: created,
        confirmed_at: status === 'confirmed' ? created : null,
        cancelled_at: status === 'cancelled' ? created : null,
        checked_in_at: status === 'confirmed' && n % 4 === 0 ? created : null,
      });
    }
    const admin = new Browser(t.app);
    await admin.login();
    const answer = await admin.request('GET', adminPaths.eventRegistrationsCsv(event.id));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="registro-${event.slug}.csv"`);
    // What the export wrote before it streamed: the whole list read, then toCsv.
    const list = await listForEvent(t.app.db, event.id);
    const expected = toCsv(CSV_HEADER, list.map(csvRow));
    // Read a page at a time (small pages here), it is the same list in the same order, ties included.
    const paged: string[] = [];
    for await (const page of pagesForEvent(t.app.db, event.id, 7)) {
      expect(page.length).toBeLessThanOrEqual(7);
      paged.push(...page.map((row) => row.id));
    }
    expect(paged).toEqual(list.map((row) => row.id));
    expect(answer.rawPayload.equals(Buffer.from(expected, 'utf8'))).toBe(true);
    expect(expected.split('\r\n')).toHaveLength(260 + 2);
    expect(
      expected.startsWith(
        `${UTF8_BOM}Nombre completo,Correo electrónico,Estado,Lugar en la lista,Registro,Asistencia\r\n`,
      ),
    ).toBe(true);
    expect(expected).toContain(`"'=HYPERLINK(""x"") 1",persona.1@example.org,En lista de espera,1,`);

    expect((await admin.request('GET', adminPaths.eventRegistrationsCsv('no-existe'))).statusCode).toBe(404);
    expect(
      (await new Browser(t.app).request('GET', adminPaths.eventRegistrationsCsv(event.id))).statusCode,
    ).toBe(401);
  });
});
