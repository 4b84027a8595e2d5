import { HttpError } from 'react-admin';
import type { InboxItem, UploadedImage } from '../../shared/admin-schemas.ts';
import { adminPaths } from '../../shared/api-paths.ts';
import { ApiRequestError, apiFetch, getJson, sendJson } from '../api/client.ts';

export { adminPaths };
export type { InboxItem, UploadedImage };

export interface ListAnswer<T> {
  data: T[];
  total: number;
}

/**
 * react-admin shows an HttpError's message as a notification and its `body.errors` beside the
 * fields, so the API's `{error:{message, fields}}` is reshaped into it.
 */
export function toHttpError(error: unknown): unknown {
  if (error instanceof ApiRequestError) {
    const fields = error.fields;
    const body = Object.keys(fields).length
      ? { errors: { ...fields, root: { serverError: error.message } } }
      : undefined;
    return new HttpError(error.message, error.status, body);
  }
  if (error instanceof TypeError) {
    return new HttpError('No hay conexión con el servidor. Revisa tu internet e inténtalo de nuevo.', 0);
  }
  return error;
}

export async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toHttpError(error);
  }
}

export const adminGet = <T>(path: string) => call(() => getJson<T>(path));
export const adminSend = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
  call(() => sendJson<T>(method, path, payload));

/** Sends one image to the server, which answers its WebP widths. */
export async function uploadImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await call(() =>
    apiFetch<{ data: UploadedImage }>(adminPaths.upload, { method: 'POST', body: form }),
  );
  return answer.data;
}

/** A query string from filter values, leaving out the empty ones. */
export function queryString(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
