import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit/audit.repository.ts';
import { SPAM_RETENTION_DAYS, purgeHandledRequests, purgeSpam } from './inbox.repository.ts';
import { retentionDays } from '../db/settings.repository.ts';
import { HOUR_MS } from '../../shared/clock.ts';
import { scheduleJob } from '../lib/schedule-job.ts';

/**
 * Deletes spam older than 30 days, and the handled requests not changed within the retention setting
 * (if one is on), and writes what it deleted to the audit log. `adminId` names who triggered it; a scheduled run has none.
 */
export async function applyRetention(app: FastifyInstance, adminId: string | null): Promise<number> {
  const spam = await purgeSpam(app.db);
  if (spam > 0) {
    await recordAudit(app.db, {
      adminId,
      action: 'retention.spam',
      method: 'SYSTEM',
      path: 'retention',
      detail: `Se eliminaron ${spam} solicitudes marcadas como spam con más de ${SPAM_RETENTION_DAYS} días`,
    });
  }
  const days = await retentionDays(app.db, app.config.requestRetentionDays);
  if (days === null) return spam;
  const deleted = await purgeHandledRequests(app.db, days);
  if (deleted > 0) {
    await recordAudit(app.db, {
      adminId,
      action: 'retention.purge',
      method: 'SYSTEM',
      path: 'retention',
      detail: `Se eliminaron ${deleted} solicitudes atendidas o archivadas sin cambios en más de ${days} días`,
    });
    app.log.info({ deleted, days }, 'handled requests past their retention deleted');
  }
  return spam + deleted;
}

/** Runs the retention once at start and then every hour, on every instance (the delete is idempotent). */
export function scheduleRetention(app: FastifyInstance, everyMs = HOUR_MS): void {
  scheduleJob(app, { name: 'request retention', everyMs, awaitFirstRun: true }, () => applyRetention(app, null));
}
