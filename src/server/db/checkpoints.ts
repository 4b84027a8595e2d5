import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** What the checkpoint thread is started with. */
export interface CheckpointSettings {
  file: string;
  intervalMs: number;
  /**
   * A log holding more than this after a passive checkpoint is restarted, and a log file larger than
   * this is cut down once writes are light.
   */
  restartAboveBytes: number;
  /** How long the restarting checkpoint waits for another process's readers (a backup). */
  restartWaitMs: number;
}

/**
 * One checkpoint of the thread: the pages in the log, how many of them are copied to the database file,
 * whether the log holds more than the limit, whether its file is larger than the limit while writes
 * are light, and the file's size afterwards.
 */
export interface CheckpointTick {
  log: number;
  checkpointed: number;
  restartWanted: boolean;
  shrinkWanted: boolean;
  walBytes: number;
}

export type ToCheckpointer =
  { type: 'tick'; id: number } | { type: 'restart'; truncate: boolean } | { type: 'stop' };
type FromCheckpointer =
  | { type: 'ready' }
  | { type: 'ticked'; id: number; result: CheckpointTick | { error: string } }
  | { type: 'restarted'; done: boolean };

/** Runs `during` while the server's connection runs nothing else (its queries wait, asynchronously). */
export type HoldConnection = (during: () => Promise<void>) => Promise<void>;

export interface CheckpointOptions extends Partial<Omit<CheckpointSettings, 'file'>> {
  /** The thread's module (tests point it elsewhere to see the fallback). */
  workerUrl?: URL;
  /** Where a thread that cannot run is reported. */
  onWarning?: (message: string) => void;
}

export interface Checkpoints {
  readonly state: 'running' | 'stopping' | 'stopped' | 'failed';
  /**
   * Runs a checkpoint now, on the thread, and the restart that follows when the log is too long (or
   * the truncation, when its file is too large and writes are light).
   */
  tick(): Promise<CheckpointTick & { restarted: boolean }>;
  /** Stops the thread and closes its connection. */
  stop(): Promise<void>;
}

/** SQLite's own default: the commit that takes the log past this many pages checkpoints it. */
export const AUTOMATIC_CHECKPOINT_PAGES = 1000;

const DEFAULTS: Omit<CheckpointSettings, 'file'> = {
  intervalMs: 1000,
  restartAboveBytes: 16 * 1024 * 1024,
  restartWaitMs: 100,
};

/**
 * The thread's own V8 heap: it holds one connection and a timer, so a few megabytes (the server's
 * heap is capped at 64, decision 033).
 */
const THREAD_LIMITS = { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1, stackSizeMb: 1 };

/**
 * Takes the checkpoints of an SQLite file off the server's connection (decision 037): its automatic
 * checkpoint is turned off, and a worker thread with a connection of its own checkpoints the log every
 * `intervalMs` (passive: it never waits for the server's writes). When writes never pause long enough
 * for the log to start over and it passes the limit, the server holds its connection for the moment
 * the thread restarts it (`hold`). The server's commits never cut the log file down (decision 041):
 * the thread does, under the same hold, once writes are light. If the thread cannot start, or stops on
 * its own, the automatic checkpoint and the file's limit are turned back on and a warning says so:
 * slower commits now and then, nothing lost.
 */
export function checkpointInThread(
  sqlite: SQLite.Database,
  file: string,
  hold: HoldConnection,
  options: CheckpointOptions = {},
): Checkpoints {
  const { workerUrl = new URL('./checkpoint-worker.js', import.meta.url), onWarning } = options;
  const settings: CheckpointSettings = {
    file,
    intervalMs: options.intervalMs ?? DEFAULTS.intervalMs,
    restartAboveBytes: options.restartAboveBytes ?? DEFAULTS.restartAboveBytes,
    restartWaitMs: options.restartWaitMs ?? DEFAULTS.restartWaitMs,
  };
  const warn = onWarning ?? ((message: string) => process.emitWarning(message));
  type Tick = CheckpointTick & { restarted: boolean };
  const waiting = new Map<number, { resolve(tick: Tick): void; reject(error: Error): void }>();
  let nextId = 0;
  let state: Checkpoints['state'] = 'running';
  let worker: Worker | undefined;
  let exited: Promise<void> = Promise.resolve();
  /** The restart in progress: its answer, and how to give up waiting for it. */
  let restarting: Promise<boolean> | undefined;
  let restartAnswered: ((done: boolean) => void) | undefined;

  function fail(reason: string) {
    restartAnswered?.(false);
    if (state === 'failed' || state === 'stopped') return;
    state = 'failed';
    if (sqlite.open) {
      sqlite.pragma(`wal_autocheckpoint = ${AUTOMATIC_CHECKPOINT_PAGES}`);
      sqlite.pragma(`journal_size_limit = ${settings.restartAboveBytes}`);
    }
    warn(`SQLite checkpoint thread not running (${reason}): the automatic checkpoint is back on`);
    for (const { reject } of waiting.values()) reject(new Error(`the checkpoint thread stopped: ${reason}`));
    waiting.clear();
  }

  /**
   * Holds the server's connection while the thread restarts the log (or truncates it); never for longer
   * than it may wait.
   */
  function restart(thread: Worker, truncate: boolean): Promise<boolean> {
    restarting ??= (async () => {
      let done = false;
      try {
        await hold(async () => {
          if (state !== 'running') return;
          done = await new Promise<boolean>((resolve) => {
            const giveUp = setTimeout(() => resolve(false), settings.restartWaitMs + 1000);
            restartAnswered = (answer) => {
              clearTimeout(giveUp);
              resolve(answer);
            };
            thread.postMessage({ type: 'restart', truncate } satisfies ToCheckpointer);
          });
        });
      } catch {
        // The connection is closing; the final checkpoint sees to the log.
      } finally {
        restartAnswered = undefined;
        restarting = undefined;
      }
      return done;
    })();
    return restarting;
  }

  sqlite.pragma('wal_autocheckpoint = 0');
  // A commit that starts the log over would otherwise cut its file down: on the event loop (decision 041).
  sqlite.pragma('journal_size_limit = -1');
  try {
    const thread = new Worker(workerUrl, {
      workerData: settings,
      resourceLimits: THREAD_LIMITS,
      // The server's own flags (--env-file, the heap cap) are not the thread's.
      execArgv: [],
      stdout: false,
      stderr: false,
    });
    worker = thread;
    thread.unref();
    exited = new Promise((resolve) => thread.once('exit', () => resolve()));
    thread.on('message', async (message: FromCheckpointer) => {
      if (message.type === 'restarted') {
        restartAnswered?.(message.done);
        return;
      }
      if (message.type !== 'ticked') return;
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      const { result } = message;
      if ('error' in result) {
        pending?.reject(new Error(result.error));
        return;
      }
      const restarted =
        result.restartWanted || result.shrinkWanted ? await restart(thread, !result.restartWanted) : false;
      pending?.resolve({ ...result, restarted });
    });
    thread.on('error', (error) => fail(error.message));
    thread.on('exit', (code) => {
      restartAnswered?.(false);
      if (state === 'stopping') state = 'stopped';
      else fail(`exit code ${code}`);
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }

  return {
    get state() {
      return state;
    },
    tick() {
      if (state !== 'running' || !worker)
        return Promise.reject(new Error(`the checkpoint thread is ${state}`));
      const id = nextId++;
      const thread = worker;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        thread.postMessage({ type: 'tick', id } satisfies ToCheckpointer);
      });
    },
    async stop() {
      if (state !== 'running' || !worker) return;
      state = 'stopping';
      const thread = worker;
      thread.postMessage({ type: 'stop' } satisfies ToCheckpointer);
      // A checkpoint in progress ends first; a thread that does not answer is ended.
      const timeout = setTimeout(() => void thread.terminate(), 5000);
      await exited;
      clearTimeout(timeout);
      state = 'stopped';
    },
  };
}
