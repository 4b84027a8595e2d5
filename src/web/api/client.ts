import { CSRF_COOKIE, CSRF_HEADER, apiPaths } from '../../shared/api-paths.ts';
import type { ApiError } from '../../shared/schemas.ts';

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
