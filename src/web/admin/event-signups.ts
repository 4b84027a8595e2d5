import type { GetListParams, RaRecord } from 'react-admin';
import type { RegistrationFill } from '../../shared/registrations.ts';

/**
 * The events list's sign-ups column: the counts each event already carries (the same row its
 * registrations screen reads) and, from the registrations summary fetched once per list, the
 * check-ins. Events are joined to the summary by id here, not asked for one by one.
 */

/** What the list keeps of an event's sign-ups; `checkedIn` is null when the summary did not answer. */
export interface EventSignups {
  enabled: boolean;
  capacity: number | null;
  confirmed: number;
  waitlisted: number;
  checkedIn?: number | null;
}

/** The filter's choices: "con registro" is every event whose column says more than "Sin registro". */
export const SIGNUP_FILTER_CHOICES = [
  { id: 'con', name: 'Con registro' },
  { id: 'sin', name: 'Sin registro' },
];

const signupsOf = (record: RaRecord): EventSignups | undefined => record.registration as EventSignups;

/** Sign-up on, or sign-ups kept from when it was on. */
export function hasSignups(record: RaRecord): boolean {
  const signups = signupsOf(record);
  return Boolean(signups && (signups.enabled || signups.confirmed + signups.waitlisted > 0));
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * "Sin registro", or "5 de 5 · 3 en espera" (confirmed of capacity, the waitlist when there is one),
 * with "· 4 asistieron" once the event has started.
 */
export function signupsText(record: RaRecord, now = Date.now()): string {
  const signups = signupsOf(record);
  if (!signups || !hasSignups(record)) return 'Sin registro';
  const parts = [
    signups.capacity === null
      ? `${plural(signups.confirmed, 'confirmada', 'confirmadas')} (sin límite)`
      : `${signups.confirmed} de ${signups.capacity}`,
  ];
  if (signups.waitlisted > 0) parts.push(`${signups.waitlisted} en espera`);
  const started = Date.parse(String(record.eventDate)) <= now;
  if (started && typeof signups.checkedIn === 'number')
    parts.push(plural(signups.checkedIn, 'asistió', 'asistieron'));
  if (!signups.enabled) parts.push('registro cerrado');
  return parts.join(' · ');
}

/** How the column sorts: by the people signed up (confirmed, then waiting); no sign-up first. */
const sortKey = (record: RaRecord): [number, number] => {
  const signups = signupsOf(record);
  return signups && hasSignups(record) ? [signups.confirmed, signups.waitlisted] : [-1, -1];
};

/** The events with the summary's check-ins joined in by id. */
export function withCheckIns(records: RaRecord[], fills: RegistrationFill[] | undefined): RaRecord[] {
  const byId = new Map((fills ?? []).map((fill) => [fill.eventId, fill]));
  return records.map((record) => {
    const signups = signupsOf(record);
    if (!signups) return record;
    // Inside `registration`, whose input schema drops the counts: a record sent back stays valid.
    const checkedIn = fills ? (byId.get(String(record.id))?.checkedIn ?? 0) : null;
    return { ...record, registration: { ...signups, checkedIn } };
  });
}

/**
 * The events list's own filter and sort: "con registro"/"sin registro", and the sign-ups column.
 * What is left (search, when, dates, paging) is the content list's (content-list.ts); the sort is
 * handed on only when it is not the column's, which is done here, numerically.
 */
export function filterAndSortSignups(
  records: RaRecord[],
  params: GetListParams,
): { records: RaRecord[]; params: GetListParams } {
  const filter = (params.filter ?? {}) as Record<string, unknown>;
  let rows = records;
  if (filter.registration === 'con' || filter.registration === 'sin') {
    const wanted = filter.registration === 'con';
    rows = rows.filter((record) => hasSignups(record) === wanted);
  }
  if (params.sort?.field !== 'signups') return { records: rows, params };
  const direction = params.sort.order === 'DESC' ? -1 : 1;
  rows = [...rows].sort((a, b) => {
    const [ka, kb] = [sortKey(a), sortKey(b)];
    return (
      direction * (ka[0] - kb[0] || ka[1] - kb[1]) ||
      String(a.eventDate ?? '').localeCompare(String(b.eventDate ?? ''))
    );
  });
  // The rows are in order: the content list keeps it (no record has a `signups` field).
  return { records: rows, params };
}
