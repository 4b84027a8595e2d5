// The thread that checkpoints an SQLite database's write-ahead log for the server (decision 037, see
// checkpoints.ts): its own connection to the same file, so copying the log into the database file, and
// the sync that follows, happen here and never inside a commit on the server's event loop.
//
// Plain JavaScript: a thread that loads TypeScript starts the type stripper in its own isolate, which
// doubled the thread's memory (36 MiB against 18) and does not fit the heap it is given.
import { statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** @type {import('./checkpoints.ts').CheckpointSettings} */
const { file, intervalMs, restartAboveBytes, restartWaitMs } = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const sqlite = new SQLite(file, { fileMustExist: true });
sqlite.pragma('busy_timeout = 0');
/** A page in the log: the page and its frame header. */
const frameBytes = Number(sqlite.pragma('page_size', { simple: true })) + 24;

function walBytes() {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
}

/** @param {'PASSIVE' | 'RESTART'} mode @returns {{ busy: number, log: number, checkpointed: number }} */
function checkpoint(mode) {
  return sqlite.pragma(`wal_checkpoint(${mode})`)[0];
}

/**
 * A passive checkpoint copies what no reader still needs and never waits for the server's writes; the
 * server's next write then starts the log over. Writes that never pause long enough for that would
 * grow it for good, so when it holds more than the limit the tick says so, and the server gives the
 * thread a moment between its writes for a restarting checkpoint (restart below).
 * @returns {import('./checkpoints.ts').CheckpointTick}
 */
function tick() {
  let passive = checkpoint('PASSIVE');
  if (passive.log * frameBytes > restartAboveBytes) passive = catchUp(passive);
  return {
    log: passive.log,
    checkpointed: passive.checkpointed,
    restartWanted: passive.log * frameBytes > restartAboveBytes,
    walBytes: walBytes(),
  };
}

/** A catch-up pass ends once fewer than this many pages were written while the one before ran. */
const CAUGHT_UP_PAGES = 128;

/**
 * Before a restart: the pages written while the last checkpoint ran (a few hundred under a steady
 * stream of writes) are copied now, without holding anything, so that the restart, which the server
 * waits for, has only the last few to copy. Under such a stream this cut the server's wait from
 * 7–16 ms to 2–4 ms a restart (docs/benchmarks.md).
 * @param {{ busy: number, log: number, checkpointed: number }} last
 */
function catchUp(last) {
  let passive = last;
  for (let pass = 0; pass < 4; pass++) {
    const before = passive.log;
    passive = checkpoint('PASSIVE');
    if (passive.log - before < CAUGHT_UP_PAGES) break;
  }
  return passive;
}

/**
 * While the server holds its writes back: copies the few pages written since the last tick and makes
 * the next write start the log over, which also cuts the file down to the limit (the server's
 * journal_size_limit). Not a truncating checkpoint: that one rewrites the log's header, and a
 * transaction of the server's that read before it and writes after it fails at once (SQLITE_BUSY,
 * measured as 503s under load). Another process reading (a backup) is waited for only briefly.
 */
function restart() {
  sqlite.pragma(`busy_timeout = ${restartWaitMs}`);
  try {
    return checkpoint('RESTART').busy === 0;
  } finally {
    sqlite.pragma('busy_timeout = 0');
  }
}

/** @template T @param {() => T} run @returns {T | { error: string }} */
function safely(run) {
  try {
    return run();
  } catch (error) {
    // A busy or locked database is tried again on the next tick.
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

const timer = setInterval(() => {
  const result = safely(tick);
  if ('restartWanted' in result && result.restartWanted) port.postMessage({ type: 'ticked', id: -1, result });
}, intervalMs);

port.on('message', (/** @type {import('./checkpoints.ts').ToCheckpointer} */ message) => {
  if (message.type === 'tick') {
    port.postMessage({ type: 'ticked', id: message.id, result: safely(tick) });
  } else if (message.type === 'restart') {
    const done = safely(restart);
    port.postMessage({ type: 'restarted', done: done === true });
  } else if (message.type === 'stop') {
    clearInterval(timer);
    sqlite.close();
    port.close();
  }
});
port.postMessage({ type: 'ready' });
