import type { GetListParams, GetListResult, RaRecord } from 'react-admin';
import { clock } from '../../shared/clock.ts';
import { foldForSearch } from '../../shared/text-fold.ts';

/** "upcoming" or "past", as the site reads it: an event is upcoming until its local day ends. */
function byWhen(record: RaRecord, when: unknown, now: number): boolean {
  if (when !== 'upcoming' && when !== 'past') return true;
  return clock.isUpcoming(String(record.eventDate), new Date(now)) === (when === 'upcoming');
}

function matchesText(record: RaRecord, q: unknown): boolean {
  if (typeof q !== 'string' || !q.trim()) return true;
  // The lists come whole from the server; they are searched here with the server's own folding.
  const needle = foldForSearch(q.trim());
  return ['name', 'location', 'job', 'address'].some((field) =>
    foldForSearch(String(record[field] ?? '')).includes(needle),
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
