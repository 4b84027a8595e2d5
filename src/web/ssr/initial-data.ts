import { itemRoutes, pagePaths, routeOf } from '../../shared/api-paths.ts';
import type { PostedFormAnswer } from '../../shared/form-answer.ts';
import type { PageData, PrivatePageData } from '../../shared/page-data.ts';
import { QueryCache, type DehydratedQueries } from '../api/query.tsx';
import { membershipKeys } from '../api/membership-keys.ts';
import { queryKeys } from '../api/query-keys.ts';

/** The id of the JSON block the server writes the page's data into. */
export const INITIAL_DATA_ID = 'initial-data';

export type { PageData };

export interface InitialState {
  queries: DehydratedQueries;
  seed: number;
  form?: PostedFormAnswer;
  /** A private page's own data (rendered for one visitor, never kept). */
  private?: PrivatePageData;
}

/** Which lists each page shows; a page's HTML carries only those. */
const pageLists: Record<string, ReadonlyArray<'events' | 'news' | 'partners'>> = {
  [pagePaths.inicio]: ['events', 'news', 'partners'],
  [pagePaths.socias]: ['partners'],
  // An entry's page finds it in the list, which the home page reuses after a navigation.
  [itemRoutes.news]: ['news'],
  [itemRoutes.event]: ['events'],
};

/** A query cache that already holds the page's lists, so nothing is fetched again on first load. */
export function queryCacheWith(pathname: string, data: PageData): QueryCache {
  const cache = new QueryCache();
  for (const list of pageLists[routeOf(pathname)] ?? []) cache.setQueryData(queryKeys[list], data[list]);
  if (data.membership?.plans) cache.setQueryData(membershipKeys.plans, data.membership.plans);
  if (data.membership?.directory) cache.setQueryData(membershipKeys.directory, data.membership.directory);
  return cache;
}

export function initialState(
  cache: QueryCache,
  seed: number,
  form?: PostedFormAnswer,
  own?: PrivatePageData,
): InitialState {
  return { queries: cache.dehydrate(), seed, ...(form ? { form } : {}), ...(own ? { private: own } : {}) };
}

/** Reads the server's JSON block (if any) into a query cache and the seed. */
export function readInitialState(text: string | null | undefined): {
  cache: QueryCache;
  seed: number;
  form?: PostedFormAnswer;
  private?: PrivatePageData;
} {
  if (!text) return { cache: new QueryCache(), seed: Math.random() };
  try {
    const state = JSON.parse(text) as InitialState;
    return {
      cache: new QueryCache(state.queries),
      seed: typeof state.seed === 'number' ? state.seed : Math.random(),
      ...(state.form ? { form: state.form } : {}),
      ...(state.private ? { private: state.private } : {}),
    };
  } catch (error) {
    console.error('No se pudieron leer los datos iniciales de la página.', error);
    return { cache: new QueryCache(), seed: Math.random() };
  }
}

/** JSON safe to place inside a <script> element. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
