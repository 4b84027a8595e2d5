import { useQuery } from '../../api/query.tsx';
import { queryKeys } from '../../api/query-keys.ts';
import { apiPaths } from '../../../shared/api-paths.ts';
import type { News } from '../../../shared/schemas.ts';
import { getJson } from '../../api/client.ts';

export const newsQueryKey = queryKeys.news;

/** All news. A failure is logged and read as an empty list: the site shows no message for it. */
export async function getNews(): Promise<News[]> {
  try {
    const body = await getJson<{ data?: unknown }>(apiPaths.list('news'));
    return Array.isArray(body?.data) ? (body.data as News[]) : [];
  } catch (error) {
    console.error('No se pudieron cargar las noticias.', error);
    return [];
  }
}

export function useNews() {
  return useQuery({ queryKey: newsQueryKey, queryFn: getNews, staleTime: 5 * 60_000 });
}
