import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import { clock } from '../../shared/clock.ts';
import type { Database } from '../db/schema.ts';
import type { RegistrationFill } from '../../shared/registrations.ts';
import { csvStream } from '../lib/csv.ts';
import {
  fillOfEvents,
  listForEvent,
  pagesForEvent,
  type RegistrationRow,
} from './registrations.repository.ts';
import { eventById } from './seats.repository.ts';

/** The admin's view of an event's registrations: the list with the counts, and the CSV. */

const toAdmin = (row: RegistrationRow) => ({
  id: row.id,
  fullName: row.full_name,
  email: row.email,
  status: row.status,
  place: row.place,
  source: row.source,
  createdAt: row.created_at,
  checkedInAt: row.checked_in_at,
});

/** The people registered for an event, confirmed first, with the counts against its capacity. */
export async function eventRegistrations(db: Kysely<Database>, eventId: string) {
  const event = await eventById(db, eventId);
  if (!event) return undefined;
  const rows = await listForEvent(db, eventId);
  return {
    data: rows.map(toAdmin),
    registration: {
      ...event.registration!,
      checkedIn: rows.filter((row) => row.checked_in_at !== null && row.status === 'confirmed').length,
    },
  };
}

/** Every event's sign-ups at a glance, with the numbers of its own registrations screen. */
export async function registrationsSummary(db: Kysely<Database>): Promise<RegistrationFill[]> {
  return (await fillOfEvents(db)).map((row) => ({
    eventId: row.id,
    name: row.name,
    eventDate: row.eventDate,
    enabled: Boolean(row.enabled),
    capacity: row.capacity ?? null,
    confirmed: Number(row.confirmed ?? 0),
    waitlisted: Number(row.waitlisted ?? 0),
    checkedIn: Number(row.checkedIn ?? 0),
  }));
}

const STATUS_LABELS = { confirmed: 'Confirmada', waitlisted: 'En lista de espera', cancelled: 'Cancelada' };
export const CSV_HEADER = [
  'Nombre completo',
  'Correo electrónico',
  'Estado',
  'Lugar en la lista',
  'Registro',
  'Asistencia',
];

/** One registration as a line of the CSV. */
export const csvRow = (row: RegistrationRow) => [
  row.full_name,
  row.email,
  STATUS_LABELS[row.status],
  row.place ?? '',
  clock.formatNumeric(row.created_at),
  row.checked_in_at ? clock.formatNumeric(row.checked_in_at) : '',
];

async function* csvRows(pages: AsyncIterable<readonly RegistrationRow[]>) {
  for await (const page of pages) for (const row of page) yield csvRow(row);
}

/** The event's registrations as a CSV for a spreadsheet, each page of lines sent as it is read. */
export async function registrationsCsv(
  db: Kysely<Database>,
  eventId: string,
): Promise<{ slug: string; file: Readable } | undefined> {
  const event = await eventById(db, eventId);
  if (!event) return undefined;
  return { slug: event.slug, file: csvStream(CSV_HEADER, csvRows(pagesForEvent(db, eventId))) };
}
