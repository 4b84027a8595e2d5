import { useQuery } from '../../api/query.tsx';
import { queryKeys } from '../../api/query-keys.ts';
import { apiPaths } from '../../../shared/api-paths.ts';
import type { Partner } from '../../../shared/schemas.ts';
import { getJson } from '../../api/client.ts';

export const partnersQueryKey = queryKeys.partners;

/**
 * All partners. Failures are thrown so each screen decides how to tell the visitor (the Socias page
 * shows an alert; the home page stays quiet). A body that is a bare array is accepted as well.
 */
export async function getPartners(): Promise<Partner[]> {
  const body = await getJson<{ data?: unknown } | unknown[]>(apiPaths.list('partners'));
  if (Array.isArray(body)) return body as Partner[];
  return Array.isArray(body?.data) ? (body.data as Partner[]) : [];
}

export function usePartners() {
  return useQuery({ queryKey: partnersQueryKey, queryFn: getPartners, staleTime: 5 * 60_000 });
}
