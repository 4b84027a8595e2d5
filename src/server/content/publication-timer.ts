import type { FastifyInstance } from 'fastify';
import type { Resource } from '../../shared/api-paths.ts';
import { MINUTE_MS } from '../../shared/clock.ts';
import { eventsRepository } from './events.repository.ts';
import { newsRepository } from './news.repository.ts';
import type { TableRepository } from './table-repository.ts';

const scheduled: readonly [Resource, TableRepository<never, unknown>][] = [
  ['events', eventsRepository as unknown as TableRepository<never, unknown>],
  ['news', newsRepository as unknown as TableRepository<never, unknown>],
];

/** At the latest this often, even with nothing scheduled (another instance may schedule meanwhile). */
export const PUBLICATION_CHECK_MS = MINUTE_MS;

export interface PublicationTimer {
  /**
   * Looks whether a scheduled entry became public since the last look and, if so, tells this
   * instance's caches (a content change); then waits for the next scheduled time, a minute at most.
   */
  check(): Promise<void>;
}

/**
 * Scheduled entries become public by the clock alone: every read asks "public at now?", so nothing is
 * written at their time. What was made before it (rendered pages, prepared lists, held answers) is
 * dropped here: each instance runs its own timer and tells its own listeners, at the entry's time when
 * it knew of it, within a minute when another instance scheduled it (decision 034).
 */
export function startPublicationTimer(app: FastifyInstance, now: () => Date): PublicationTimer {
  let last = now();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const arm = async () => {
    if (closed) return;
    clearTimeout(timer);
    let wait = PUBLICATION_CHECK_MS;
    try {
      const at = now();
      for (const [, repository] of scheduled) {
        const next = await repository.nextScheduled(app.db, at);
        if (next) wait = Math.min(wait, next.getTime() - at.getTime());
      }
    } catch (error) {
      app.log.warn({ err: error }, 'scheduled content: next time not read; looking again in a minute');
    }
    if (closed) return;
    // A little after the time itself, so the entry is public by then on every clock that reads it.
    timer = setTimeout(() => void check(), Math.max(wait, 0) + 50);
    timer.unref();
  };

  async function check() {
    const upTo = now();
    try {
      const due: Resource[] = [];
      for (const [resource, repository] of scheduled)
        if (await repository.becamePublic(app.db, last, upTo)) due.push(resource);
      last = upTo;
      for (const resource of due) app.contentChanges.notice(resource);
      if (due.length > 0) app.log.info({ resources: due }, 'scheduled content became public');
    } catch (error) {
      // The database is away: the same window is looked at again next time.
      app.log.warn({ err: error }, 'scheduled content not checked; trying again');
    }
    await arm();
  }

  // A write may schedule an entry sooner than the one waited for (here or on another instance).
  app.contentChanges.subscribe((resource) => {
    if (resource === 'events' || resource === 'news') void arm();
  });
  app.addHook('onReady', async () => arm());
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
  return { check };
}
