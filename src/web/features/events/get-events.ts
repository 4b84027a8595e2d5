import { listQuery } from '../../api/client.ts';
import { useQuery } from '../../api/query.tsx';
import { queryKeys } from '../../api/query-keys.ts';

/** All events. A failure is logged and read as an empty list: the site shows no message for it. */
export const useEvents = () =>
  useQuery(listQuery(queryKeys.events, { quietFailure: 'No se pudieron cargar los eventos.' }));
