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

/** @param {'PASSIVE' | 'RESTART' | 'TRUNCATE'} mode @returns {{ busy: number, log: number, checkpointed: number }} */
function checkpoint(mode) {
  return sqlite.pragma(`wal_checkpoint(${mode})`)[0];
}

/**
 * After a truncation that another process's reader kept from running (a backup), the file is left as
 * it is for this many ticks: each try holds the server's connection for up to `restartWaitMs`.
 */
const SHRINK_RETRY_TICKS = 30;
let shrinkPaused = 0;

/** At the last tick: the log's pages, whether all were copied, and `data_version` (anyone writing). */
let lastLog = 0;
let lastAllCopied = false;
let lastVersion = -1;

/**
 * The pages written to the log since the last tick: none when nobody has committed since. A log left
 * all copied starts over at the next write, so then every page in it is new.
 * @param {{ log: number, checkpointed: number }} passive
 */
function writtenSinceLastTick({ log, checkpointed }) {
  const version = Number(sqlite.pragma('data_version', { simple: true }));
  const written = version === lastVersion ? 0 : lastAllCopied ? log : Math.max(0, log - lastLog);
  lastLog = log;
  lastAllCopied = checkpointed === log;
  lastVersion = version;
  return written;
}

/**
 * A passive checkpoint copies what no reader still needs and never waits for the server's writes; the
 * server's next write then starts the log over. Writes that never pause long enough for that would
 * grow it for good, so when it holds more than the limit the tick says so, and the server gives the
 * thread a moment between its writes for a restarting checkpoint (restart below).
 *
 * The server's own commits never cut the log file down (its `journal_size_limit` is off): under load
 * that was a truncation of 20–40 MiB every second, 12–26 ms of the server's event loop each time
 * (decision 041). A file left larger than the limit is cut here instead, once writes are light (fewer
 * than CAUGHT_UP_PAGES since the last tick), with the server's connection held (shrink below).
 * @returns {import('./checkpoints.ts').CheckpointTick}
 */
function tick() {
  let passive = checkpoint('PASSIVE');
  if (passive.log * frameBytes > restartAboveBytes) passive = catchUp(passive);
  const bytes = walBytes();
  const written = writtenSinceLastTick(passive);
  // With nobody writing, the log needs no restart: the next write starts it over by itself.
  const restartWanted = written > 0 && passive.log * frameBytes > restartAboveBytes;
  const light = written < CAUGHT_UP_PAGES;
  if (shrinkPaused > 0) shrinkPaused -= 1;
  return {
    log: passive.log,
    checkpointed: passive.checkpointed,
    restartWanted,
    shrinkWanted: !restartWanted && light && shrinkPaused === 0 && bytes > restartAboveBytes,
    walBytes: bytes,
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
 * the next write start the log over (RESTART), or, to shrink the file, also cuts it to nothing
 * (TRUNCATE). A truncating checkpoint rewrites the log's header, so a transaction of the server's that
 * read before it and wrote after it would fail at once (SQLITE_BUSY, measured as 503s under load): it
 * runs only here, where the server has no transaction open. Another process reading (a backup) is
 * waited for only briefly.
 * @param {boolean} truncate
 */
function restart(truncate) {
  sqlite.pragma(`busy_timeout = ${restartWaitMs}`);
  try {
    const done = checkpoint(truncate ? 'TRUNCATE' : 'RESTART').busy === 0;
    if (truncate && !done) shrinkPaused = SHRINK_RETRY_TICKS;
    return done;
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
  if ('restartWanted' in result && (result.restartWanted || result.shrinkWanted))
    port.postMessage({ type: 'ticked', id: -1, result });
}, intervalMs);

port.on('message', (/** @type {import('./checkpoints.ts').ToCheckpointer} */ message) => {
  if (message.type === 'tick') {
    port.postMessage({ type: 'ticked', id: message.id, result: safely(tick) });
  } else if (message.type === 'restart') {
    const done = safely(() => restart(message.truncate));
    port.postMessage({ type: 'restarted', done: done === true });
  } else if (message.type === 'stop') {
    clearInterval(timer);
    sqlite.close();
    port.close();
  }
});
port.postMessage({ type: 'ready' });
