import type { GetListParams, GetListResult, RaRecord } from 'react-admin';

/** "upcoming" or "past" against now, by each event's UTC date. */
function byWhen(record: RaRecord, when: unknown, now: number): boolean {
  if (when !== 'upcoming' && when !== 'past') return true;
  const at = Date.parse(String(record.eventDate));
  return when === 'upcoming' ? at >= now : at < now;
}

function matchesText(record: RaRecord, q: unknown): boolean {
  if (typeof q !== 'string' || !q.trim()) return true;
  const needle = q.trim().toLocaleLowerCase('es-MX');
  return ['name', 'location', 'job', 'address'].some((field) =>
    String(record[field] ?? '')
      .toLocaleLowerCase('es-MX')
      .includes(needle),
  );
}

/**
 * Filters, sorts and pages a whole content list. Sorting by a field the entity lacks (news has no
 * date) keeps the server's order, which is already newest first for news.
 */
export function filterContent(
  _resource: string,
  records: RaRecord[],
  params: GetListParams,
  now = Date.now(),
): GetListResult {
  const filter = (params.filter ?? {}) as Record<string, unknown>;
  let rows = records.filter((record) => byWhen(record, filter.when, now) && matchesText(record, filter.q));
  const field = params.sort?.field;
  if (field && rows.some((record) => field in record) && field !== 'id') {
    const direction = params.sort?.order === 'DESC' ? -1 : 1;
    rows = [...rows].sort(
      (a, b) =>
        direction *
        String(a[field] ?? '').localeCompare(String(b[field] ?? ''), 'es-MX', { sensitivity: 'base' }),
    );
  }
  const { page = 1, perPage = 25 } = params.pagination ?? {};
  return { data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length };
}
