import type { FastifyInstance } from 'fastify';

export interface JobOptions {
  /** Named in the log line of a failed run. */
  name: string;
  /** How often it runs, in ms. */
  everyMs: number;
  /** Whether the app waits for the first run before it is ready (default: it runs in the background). */
  awaitFirstRun?: boolean;
}

/**
 * A job every instance runs: once when the app is ready and then every `everyMs`. A failed run is
 * logged and the next one comes as usual; closing the app stops the timer and waits for a run under way.
 * Jobs are written so that two instances running them at once do no harm (each step is idempotent).
 */
export function scheduleJob(app: FastifyInstance, options: JobOptions, job: () => Promise<unknown>): void {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= job()
      .then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error }, `${options.name} failed`),
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (options.awaitFirstRun) await run();
    else void run();
    timer = setInterval(() => void run(), options.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
