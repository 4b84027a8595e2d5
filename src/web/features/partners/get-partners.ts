import { listQuery } from '../../api/client.ts';
import { useQuery } from '../../api/query.tsx';
import { queryKeys } from '../../api/query-keys.ts';

/**
 * All partners. Failures are kept so each screen decides how to tell the visitor (the Socias page
 * shows an alert; the home page stays quiet).
 */
export const usePartners = () => useQuery(listQuery(queryKeys.partners));
