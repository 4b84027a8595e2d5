import type { FastifyBaseLogger } from 'fastify';

export interface Later {
  /**
   * Runs work after an answer has left (the lookup and mail of an access link): on the next turn of
   * the event loop, so the answer is handed over whole first.
   */
  run(work: () => Promise<unknown>): void;
  /** Settles once every piece of work started is done (the app's close, and tests). */
  settled(): Promise<void>;
}

export function workAfterAnswers(log: FastifyBaseLogger): Later {
  const pending = new Set<Promise<void>>();
  return {
    run(work) {
      const job = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(() => undefined)
        .catch((error: unknown) => log.error({ err: error }, 'members: work after the answer failed'));
      pending.add(job);
      void job.finally(() => pending.delete(job));
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
