import { HttpError } from 'react-admin';
import { ApiRequestError, apiFetch, getJson, sendJson } from '../api/client.ts';

// The answers of the admin API (src/server/admin), as the admin app reads them.
export interface InboxItem {
  id: string;
  kind: 'contacto' | 'Individual' | 'Corporativa' | 'Estudiantil';
  fullName: string;
  company: string;
  position: string;
  email: string;
  phoneNumber: string;
  spam: boolean;
  status: 'nueva' | 'atendida' | 'archivada';
  createdAt: string;
  delivery: {
    state: 'pendiente' | 'enviado' | 'fallido' | 'sin envío';
    attempts: number;
    lastError: string | null;
    messages: {
      purpose: 'notify' | 'ack';
      status: string;
      attempts: number;
      lastError: string | null;
      sentAt: string | null;
    }[];
  };
}

export interface UploadedImage {
  id: string;
  src: string;
  width: number;
  height: number;
  srcset: { url: string; width: number }[];
  originalName?: string;
  createdAt?: string;
}

export interface ListAnswer<T> {
  data: T[];
  total: number;
}

export const adminPaths = {
  requests: '/api/admin/requests',
  requestsCsv: '/api/admin/requests/export.csv',
  request: (id: string) => `/api/admin/requests/${encodeURIComponent(id)}`,
  requestStatus: (id: string) => `/api/admin/requests/${encodeURIComponent(id)}/status`,
  requestRetry: (id: string) => `/api/admin/requests/${encodeURIComponent(id)}/retry`,
  retention: '/api/admin/settings/retention',
  admins: '/api/admin/admins',
  admin: (id: string) => `/api/admin/admins/${encodeURIComponent(id)}`,
  ownPassword: '/api/admin/me/password',
  audit: '/api/admin/audit',
  uploads: '/api/admin/uploads',
  upload: '/api/uploads',
} as const;

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
