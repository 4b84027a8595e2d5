import { useQuery } from '../../api/query.tsx';
import { queryKeys } from '../../api/query-keys.ts';
import { apiPaths } from '../../../shared/api-paths.ts';
import type { Event } from '../../../shared/schemas.ts';
import { getJson } from '../../api/client.ts';

export const eventsQueryKey = queryKeys.events;

/** All events. A failure is logged and read as an empty list: the site shows no message for it. */
export async function getEvents(): Promise<Event[]> {
  try {
    const body = await getJson<{ data?: unknown }>(apiPaths.list('events'));
    return Array.isArray(body?.data) ? (body.data as Event[]) : [];
  } catch (error) {
    console.error('No se pudieron cargar los eventos.', error);
    return [];
  }
}

export function useEvents() {
  return useQuery({ queryKey: eventsQueryKey, queryFn: getEvents, staleTime: 5 * 60_000 });
}
