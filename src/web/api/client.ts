import { CSRF_COOKIE, CSRF_HEADER, apiPaths, type Resource } from '../../shared/api-paths.ts';
import type { ApiError, Event, News, Partner } from '../../shared/schemas.ts';
import type { QueryOptions } from './query.tsx';
import type { queryKeys } from './query-keys.ts';

/** An API answer other than 2xx: the status and the server's error body when it sent one. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: ApiError | undefined;
  constructor(status: number, body: ApiError | undefined) {
    super(body?.error.message ?? `La petición falló (${status})`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
  }
  /** Field messages from a 400, keyed by field name. */
  get fields(): Record<string, string> {
    return this.body?.error.fields ?? {};
  }
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

/** Asks the server for a fresh CSRF token (it also sets the XSRF-TOKEN cookie). */
async function refreshCsrfToken(): Promise<string | undefined> {
  const response = await fetch(apiPaths.csrf, { credentials: 'same-origin' });
  if (!response.ok) return undefined;
  const body = (await response.json()) as { data?: { token?: string } };
  return body.data?.token ?? readCookie(CSRF_COOKIE);
}

/** The CSRF token for a request the fetch client cannot send itself (an upload with progress). */
export async function csrfToken(refresh = false): Promise<string | undefined> {
  return (refresh ? undefined : readCookie(CSRF_COOKIE)) ?? (await refreshCsrfToken());
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * The one way the web app talks to /api. Unsafe methods carry the CSRF token from the cookie; on a 403
 * the token is refreshed and the request tried once more.
 */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const method = (init.method ?? 'GET').toUpperCase();
  const send = async (token: string | undefined) => {
    const headers = new Headers(init.headers);
    headers.set('Accept', 'application/json');
    if (init.body !== undefined && !(init.body instanceof FormData))
      headers.set('Content-Type', 'application/json');
    if (!SAFE_METHODS.has(method) && token) headers.set(CSRF_HEADER, token);
    return fetch(path, { ...init, method, headers, credentials: 'same-origin' });
  };

  let token = SAFE_METHODS.has(method) ? undefined : (readCookie(CSRF_COOKIE) ?? (await refreshCsrfToken()));
  let response = await send(token);
  if (response.status === 403 && !SAFE_METHODS.has(method)) {
    token = await refreshCsrfToken();
    response = await send(token);
  }
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new ApiRequestError(response.status, body as ApiError | undefined);
  return body as T;
}

export const getJson = <T>(path: string) => apiFetch<T>(path);
export const sendJson = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
  apiFetch<T>(path, { method, body: payload === undefined ? undefined : JSON.stringify(payload) });

/** What each public list holds, by the resource the API serves it under. */
interface ListItems {
  events: Event;
  news: News;
  partners: Partner;
}

type ListKey = (typeof queryKeys)[Resource];

export interface ListQueryOptions {
  /**
   * For a list whose failure the visitor is not told about: the failure is logged with this message and
   * the list reads as empty. Without it the failure is kept (`isError`) for the screen to report.
   */
  quietFailure?: string;
}

/** A list's items from the API's answer, `{"data": […]}` or a bare array; anything else is no items. */
async function getList<T>(resource: Resource): Promise<T[]> {
  const body = await getJson<{ data?: unknown } | unknown[]>(apiPaths.list(resource));
  if (Array.isArray(body)) return body as T[];
  return Array.isArray(body?.data) ? (body.data as T[]) : [];
}

// In the client's module rather than a file of its own: a module that only the lists' pages import
// shares their chunk with the query keys, which the entry imports as well; that chunk would then import
// from the entry in turn, and the bundler splits the router and the API paths out of the entry (0.8 KB
// more on the first load of /Inicio, in three more requests).

/**
 * The query of one public list (events, news or partners), for `useQuery`: read from the API when the
 * page's data did not bring it, and fresh for five minutes.
 */
export function listQuery<Key extends ListKey>(
  queryKey: Key,
  { quietFailure }: ListQueryOptions = {},
): QueryOptions<Array<ListItems[Key[0]]>> {
  const fetchList = () => getList<ListItems[Key[0]]>(queryKey[0]);
  const queryFn =
    quietFailure === undefined
      ? fetchList
      : async () => {
          try {
            return await fetchList();
          } catch (error) {
            console.error(quietFailure, error);
            return [];
          }
        };
  return { queryKey, queryFn, staleTime: 5 * 60_000 };
}
