import { listQuery } from '../../api/client.ts';
import { useQuery } from '../../api/query.tsx';
import { queryKeys } from '../../api/query-keys.ts';

/** All news. A failure is logged and read as an empty list: the site shows no message for it. */
export const useNews = () =>
  useQuery(listQuery(queryKeys.news, { quietFailure: 'No se pudieron cargar las noticias.' }));
