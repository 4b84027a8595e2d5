// Where the bench's processes run. On a machine with two or more cores and `taskset` (util-linux), the
// servers share the last core and the load generator (wrk) gets the others: left to the scheduler, the
// server and wrk now and then land on the same core, and a round measures the scheduler, not the code.
// The site and the hello-world get the same single core, so their ratio compares like with like.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

export interface Pinning {
  /** The command prefix that runs a server on its core, or none when nothing is pinned. */
  server: string[];
  /** The same for the load generator. */
  load: string[];
  /** What the report says about it. */
  description: string;
}

export function pinning(): Pinning {
  const cores = availableParallelism();
  const taskset = spawnSync('taskset', ['--version'], { encoding: 'utf8' });
  if (cores < 2 || taskset.error !== undefined || taskset.status !== 0) {
    return {
      server: [],
      load: [],
      description: 'processes not pinned to cores (the scheduler places them)',
    };
  }
  const serverCore = String(cores - 1);
  const loadCores = cores === 2 ? '0' : `0-${cores - 2}`;
  return {
    server: ['taskset', '-c', serverCore],
    load: ['taskset', '-c', loadCores],
    description: `each server pinned to core ${serverCore}, the load generator to core${cores === 2 ? '' : 's'} ${loadCores} (taskset)`,
  };
}

/** The command and arguments that run `command args` with a pinning prefix. */
export function pinned(prefix: string[], command: string, args: string[]): [string, string[]] {
  if (prefix.length === 0) return [command, args];
  return [prefix[0]!, [...prefix.slice(1), command, ...args]];
}
