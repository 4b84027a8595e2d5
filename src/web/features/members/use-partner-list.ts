import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../shared/api-paths.ts';
import type { Partner } from '../../../shared/schemas.ts';
import { getJson } from '../../api/client.ts';

export const partnerListKey = ['partners', 'list'] as const;

/** GET /api/partners/get-all, read as a list; a missing or odd answer counts as an empty list. */
export async function fetchPartnerList(): Promise<Partner[]> {
  const body = await getJson<{ data?: unknown } | unknown[]>(apiPaths.list('partners'));
  const list = Array.isArray(body) ? body : body && typeof body === 'object' ? body.data : undefined;
  return Array.isArray(list) ? (list as Partner[]) : [];
}

export function usePartnerList() {
  return useQuery({ queryKey: partnerListKey, queryFn: fetchPartnerList });
}
