import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit/audit.repository.ts';
import { deleteExpired } from './registrations.repository.ts';

/** Registrations go this many days after their event, unless the configuration says otherwise. */
export const DEFAULT_RETENTION_DAYS = 90;

/** Deletes the registrations of events that ended more than `days` days ago, and says so in the audit log. */
export async function retireRegistrations(app: FastifyInstance, days: number): Promise<number> {
  const deleted = await deleteExpired(app.db, days);
  if (deleted === 0) return 0;
  await recordAudit(app.db, {
    adminId: null,
    action: 'retention.registrations',
    method: 'SYSTEM',
    path: 'retention',
    detail: `Se eliminaron ${deleted} registros a eventos que terminaron hace más de ${days} días`,
  });
  app.log.info({ deleted, days }, 'registrations past their retention deleted');
  return deleted;
}
