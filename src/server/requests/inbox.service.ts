import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { InboxQuerySchema } from '../../shared/admin-schemas.ts';
import { clock, isoDay } from '../../shared/clock.ts';
import type { RequestStatus } from '../db/schema.ts';
import { HttpError } from '../plugins/errors.ts';
import {
  deleteRequest,
  getInboxItem,
  inboxPages,
  listInbox,
  retryFailedDelivery,
  setRequestStatus,
  staleRequestCount,
  type InboxFilter,
  type InboxItem,
} from './inbox.repository.ts';

/** A request still `nueva` after this many days is pointed out on the admin's summary. */
export const STALE_REQUEST_DAYS = 30;

/** The most requests one export holds. */
export const CSV_MAX_ROWS = 50_000;
/** Requests read at a time while an export is written. */
const CSV_PAGE_SIZE = 500;

export const CSV_HEADER = [
  'Fecha (hora de la Ciudad de México)',
  'Tipo',
  'Estado',
  'Nombre',
  'Empresa',
  'Puesto',
  'Correo',
  'Teléfono',
  'Envío del correo',
  'Intentos',
  'Último error',
  'Spam',
] as const;

const DELIVERY_LABELS: Record<string, string> = {
  pendiente: 'Pendiente',
  enviado: 'Enviado',
  fallido: 'Fallido',
  'sin envío': 'Sin envío (spam)',
};

/** One request as a line of the export, in CSV_HEADER's order. */
export function csvRow(item: InboxItem) {
  return [
    clock.formatNumeric(item.createdAt),
    item.kind,
    item.status,
    item.fullName,
    item.company,
    item.position,
    item.email,
    item.phoneNumber,
    DELIVERY_LABELS[item.delivery.state] ?? item.delivery.state,
    item.delivery.attempts,
    item.delivery.lastError ?? '',
    item.spam ? 'sí' : 'no',
  ];
}

type InboxQuery = z.output<typeof InboxQuerySchema>;
type ListQuery = Omit<InboxQuery, 'page' | 'perPage'>;

/** The inbox as the admin filters and pages it. */
export function listRequests(app: FastifyInstance, query: InboxQuery) {
  const { page, perPage, order, ...filter } = query;
  return listInbox(app.db, filter as InboxFilter, { offset: (page - 1) * perPage, limit: perPage, order });
}

/** The filtered inbox as export lines, read as they are written: the first CSV_MAX_ROWS requests. */
export async function* exportRows(app: FastifyInstance, query: ListQuery) {
  const { order, ...filter } = query;
  for await (const page of inboxPages(app.db, filter as InboxFilter, order, CSV_MAX_ROWS, CSV_PAGE_SIZE)) {
    for (const item of page) yield csvRow(item);
  }
}

/** The export's file name, dated on the association's clock. */
export const exportFileName = () => `solicitudes-${isoDay(clock.today())}.csv`;

/** The inbox's part of the admin's summary. */
export async function requestsSummary(app: FastifyInstance) {
  return { staleRequests: await staleRequestCount(app.db, STALE_REQUEST_DAYS) };
}

export const findRequest = (app: FastifyInstance, id: string) => getInboxItem(app.db, id);

/** Deletes one request with its mail; answers its id, or undefined for an unknown one. */
export async function removeRequest(app: FastifyInstance, id: string) {
  return (await deleteRequest(app.db, id)) ? { id } : undefined;
}

/** Sets a request's status; answers it as it is now, or undefined for an unknown one. */
export async function changeStatus(app: FastifyInstance, id: string, status: RequestStatus) {
  if (!(await setRequestStatus(app.db, id, status))) return undefined;
  return getInboxItem(app.db, id);
}

/**
 * Puts a request's failed messages back in the queue, due now, and wakes the mail worker; answers the
 * request as it is now, or undefined for an unknown one. A request without a failed message: 409.
 */
export async function retryDelivery(app: FastifyInstance, id: string) {
  const item = await getInboxItem(app.db, id);
  if (!item) return undefined;
  if ((await retryFailedDelivery(app.db, item.id)) === 0) {
    throw new HttpError(409, 'NOTHING_TO_RETRY', 'Esta solicitud no tiene envíos fallidos que reintentar.');
  }
  app.mailWorker.wake();
  return getInboxItem(app.db, item.id);
}
