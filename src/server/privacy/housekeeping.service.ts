import type { FastifyInstance } from 'fastify';
import { DAY_MS } from '../../shared/clock.ts';
import { pruneAudit, recordAudit } from '../audit/audit.repository.ts';
import { eraseDuePeople } from './person.service.ts';

/** Audit entries are kept two years. */
export const AUDIT_RETENTION_DAYS = 730;

/**
 * The privacy rights' hourly work: erases the people whose blocking period is over, and deletes audit
 * entries older than two years; each run is written to the audit log when it did something. Every
 * step is idempotent, so every instance may run it.
 */
export async function runPrivacyHousekeeping(app: FastifyInstance, now = new Date()) {
  const erased = await eraseDuePeople(app.db, app.personData.sources, app.privacyHashKey, now);
  if (erased.people > 0) {
    await recordAudit(app.db, {
      adminId: null,
      action: 'privacy.erase',
      method: 'SYSTEM',
      path: 'privacy',
      detail: `Se eliminaron los datos de ${erased.people} personas al terminar su periodo de bloqueo (${erased.records} registros)`,
    });
    app.log.info({ people: erased.people, records: erased.records }, 'blocked people erased');
  }
  const pruned = await pruneAudit(app.db, new Date(now.getTime() - AUDIT_RETENTION_DAYS * DAY_MS));
  if (pruned > 0) app.log.info({ pruned }, 'audit entries past two years deleted');
  return { ...erased, pruned };
}
