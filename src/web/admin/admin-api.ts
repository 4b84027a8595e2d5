import { HttpError } from 'react-admin';
import type { InboxItem, UploadedImage } from '../../shared/admin-schemas.ts';
import { CSRF_HEADER, adminPaths } from '../../shared/api-paths.ts';
import type { ApiError } from '../../shared/schemas.ts';
import { ApiRequestError, csrfToken, getJson, sendJson } from '../api/client.ts';

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
    // The code travels too: the auth provider tells an expired session by it.
    const code = error.body?.error.code;
    const body = Object.keys(fields).length
      ? { code, errors: { ...fields, root: { serverError: error.message } } }
      : { code };
    return new HttpError(error.message, error.status, body);
  }
  if (error instanceof TypeError) {
    return new HttpError('No hay conexión con el servidor. Revisa tu internet e inténtalo de nuevo.', 0);
  }
  return error;
}

/** The field messages of a refusal from adminGet or adminSend (its HttpError's `body.errors`). */
export const fieldErrors = (error: unknown): Record<string, string> =>
  (error as { body?: { errors?: Record<string, string> } }).body?.errors ?? {};

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

/** How far an upload is: the share of its bytes sent, then the server's own work. */
export type UploadProgress = { phase: 'sending'; percent: number } | { phase: 'processing' };

function postForm(
  path: string,
  form: FormData,
  token: string | undefined,
  onProgress: (progress: UploadProgress) => void,
): Promise<{ status: number; text: string }> {
  // fetch() reports no upload progress; XMLHttpRequest does.
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader(CSRF_HEADER, token);
    request.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      const percent = Math.min(100, Math.round((event.loaded / event.total) * 100));
      onProgress(percent < 100 ? { phase: 'sending', percent } : { phase: 'processing' });
    };
    request.upload.onload = () => onProgress({ phase: 'processing' });
    request.onload = () => resolve({ status: request.status, text: request.responseText });
    request.onerror = () => reject(new TypeError('network'));
    request.send(form);
  });
}

/** Sends one image to the server, which answers its WebP widths; progress is reported as it goes. */
export async function uploadImage(
  file: File,
  onProgress: (progress: UploadProgress) => void = () => {},
): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(async () => {
    onProgress({ phase: 'sending', percent: 0 });
    let answer = await postForm(adminPaths.upload, form, await csrfToken(), onProgress);
    if (answer.status === 403) {
      onProgress({ phase: 'sending', percent: 0 });
      answer = await postForm(adminPaths.upload, form, await csrfToken(true), onProgress);
    }
    let body: unknown;
    try {
      body = answer.text ? JSON.parse(answer.text) : undefined;
    } catch {
      body = undefined;
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw new ApiRequestError(answer.status, body as ApiError | undefined);
    }
    return (body as { data: UploadedImage }).data;
  });
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
