import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { HOUR_MS } from '../../shared/clock.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Database } from '../db/schema.ts';
import { RETENTION_KEY, retentionDays, setSetting } from '../db/settings.repository.ts';
import { scheduleJob } from '../lib/schedule-job.ts';
import { purgeHandledRequests, purgeSpam } from './inbox.repository.ts';

/** Spam is kept this long, whatever its status, so a false positive can still be found. */
export const SPAM_RETENTION_DAYS = 30;

/**
 * One deletion of the retention and, when it deleted anything, its line in the audit log, in one
 * transaction. `adminId` names who triggered it; a scheduled run has none.
 */
function purge(
  app: FastifyInstance,
  adminId: string | null,
  action: string,
  remove: (db: Kysely<Database>) => Promise<number>,
  detail: (deleted: number) => string,
): Promise<number> {
  return app.db.transaction().execute(async (trx) => {
    const deleted = await remove(trx);
    if (deleted > 0) {
      await recordAudit(trx, {
        adminId,
        action,
        method: 'SYSTEM',
        path: 'retention',
        detail: detail(deleted),
      });
    }
    return deleted;
  });
}

/**
 * Deletes spam older than 30 days, and the handled requests not changed within the retention setting
 * (if one is on), and writes what it deleted to the audit log. Answers how many requests went.
 */
export async function applyRetention(app: FastifyInstance, adminId: string | null): Promise<number> {
  const spam = await purge(
    app,
    adminId,
    'retention.spam',
    (db) => purgeSpam(db, SPAM_RETENTION_DAYS),
    (n) => `Se eliminaron ${n} solicitudes marcadas como spam con más de ${SPAM_RETENTION_DAYS} días`,
  );
  const days = await currentRetention(app);
  if (days === null) return spam;
  const handled = await purge(
    app,
    adminId,
    'retention.purge',
    (db) => purgeHandledRequests(db, days),
    (n) => `Se eliminaron ${n} solicitudes atendidas o archivadas sin cambios en más de ${days} días`,
  );
  if (handled > 0) app.log.info({ deleted: handled, days }, 'handled requests past their retention deleted');
  return spam + handled;
}

/** The retention in days (the admin's setting, else the environment's), or null when it is off. */
export function currentRetention(app: FastifyInstance): Promise<number | null> {
  return retentionDays(app.db, app.config.requestRetentionDays);
}

/** Saves the admin's retention (null: off) and applies it at once; answers how many requests went. */
export async function setRetention(app: FastifyInstance, days: number | null, adminId: string | null) {
  await setSetting(app.db, RETENTION_KEY, days === null ? '' : String(days));
  return applyRetention(app, adminId);
}

/** What the other admins are told a change of the retention did (accounts' step-up, decision 035). */
export const retentionChange = (days: number | null) =>
  days === null
    ? 'desactivó la eliminación automática de solicitudes'
    : `cambió la conservación de solicitudes a ${days} ${days === 1 ? 'día' : 'días'}`;

/** Runs the retention once at start and then every hour, on every instance (the delete is idempotent). */
export function scheduleRetention(app: FastifyInstance, everyMs = HOUR_MS): void {
  scheduleJob(app, { name: 'request retention', everyMs, awaitFirstRun: true }, () =>
    applyRetention(app, null),
  );
}
