import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit/audit.repository.ts';
import { purgeHandledRequests } from './inbox.repository.ts';
import { retentionDays } from '../db/settings.repository.ts';
import { HOUR_MS } from '../../shared/clock.ts';

/**
 * Deletes the handled requests older than the retention setting (if one is on) and writes what it
 * deleted to the audit log. `adminId` names who triggered it; a scheduled run has none.
 */
export async function applyRetention(app: FastifyInstance, adminId: string | null): Promise<number> {
  const days = await retentionDays(app.db, app.config.requestRetentionDays);
  if (days === null) return 0;
  const deleted = await purgeHandledRequests(app.db, days);
  if (deleted > 0) {
    await recordAudit(app.db, {
      adminId,
      action: 'retention.purge',
      method: 'SYSTEM',
      path: 'retention',
      detail: `Se eliminaron ${deleted} solicitudes atendidas o archivadas con más de ${days} días`,
    });
    app.log.info({ deleted, days }, 'handled requests past their retention deleted');
  }
  return deleted;
}

/** Runs the retention once at start and then every hour, on every instance (the delete is idempotent). */
export function scheduleRetention(app: FastifyInstance, everyMs = HOUR_MS): void {
  const run = () =>
    applyRetention(app, null).catch((error: unknown) =>
      app.log.error({ err: error }, 'request retention failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
