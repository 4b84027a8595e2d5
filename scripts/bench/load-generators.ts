// The load generators the throughput bench can drive: wrk when it is installed (C, one thread, cheap
// enough per request that it measures the server rather than itself), autocannon otherwise (it runs
// in Node, and on a small machine it saturates before a fast server does).
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { pinned } from './cores.ts';

/** One kind of request, sent over and over. */
export interface Load {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface Run {
  requestsPerSecond: number;
  /** Requests answered in the run, whatever their status. */
  total: number;
  p99Ms: number;
  /** Answers without the expected status, connection errors and timeouts. */
  errors: number;
  /** Answers with the expected status. */
  answered: number;
}

export interface LoadGenerator {
  name: 'wrk' | 'autocannon';
  run(
    load: Load,
    options: { connections: number; seconds: number; expected: number; prefix?: string[] },
  ): Promise<Run>;
}

const execFileAsync = promisify(execFile);

/** wrk if it is on the PATH (Debian's `wrk` package), else autocannon. */
export function loadGenerator(): LoadGenerator {
  // `wrk --version` prints its banner and exits 1; a missing binary has no output at all.
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  return probe.error === undefined && /wrk/.test(`${probe.stdout}${probe.stderr}`)
    ? wrk
    : autocannonGenerator;
}

const autocannonGenerator: LoadGenerator = {
  name: 'autocannon',
  async run(load, { connections, seconds, expected }) {
    const result = await autocannon({ ...load, connections, duration: seconds });
    const answered = result.statusCodeStats?.[`${expected}`]?.count ?? 0;
    return {
      requestsPerSecond: result.requests.average,
      total: result.requests.total,
      p99Ms: result.latency.p99,
      errors: result.errors + result.timeouts + (result.requests.total - answered),
      answered,
    };
  },
};

/** A Lua string literal holding `text` as it is (long brackets: no escapes are read inside). */
function luaString(text: string): string {
  let level = '=';
  while (text.includes(`]${level}]`)) level += '=';
  return `[${level}[${text}]${level}]`;
}

/** What the Lua script prints when wrk is done, on one line after this marker. */
const RESULT_MARKER = 'BENCH-RESULT ';

/**
 * The script for one load. wrk counts answers of 400 and above itself; for any expected status other
 * than 200 (a 304, a 201) every answer's status is also counted, in Lua. The bodies of those answers
 * are small; a 200's may be a 20 KB page, which wrk does not hand to Lua unless asked.
 */
function wrkScript(load: Load, expected: number): string {
  const countStatuses = expected !== 200;
  const headers = Object.entries(load.headers ?? {})
    // The spaces keep `[[` from reading as the start of a long string.
    .map(([name, value]) => `wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`)
    .join('\n');
  return `wrk.method = ${luaString(load.method ?? 'GET')}
${load.body === undefined ? '' : `wrk.body = ${luaString(load.body)}`}
${headers}
local threads = {}
function setup(thread) table.insert(threads, thread) end
${
  countStatuses
    ? `function init(args) answered = 0; other = 0 end
function response(status, headers, body)
  if status == ${expected} then answered = answered + 1 else other = other + 1 end
end`
    : ''
}
function done(summary, latency, requests)
  local answered, other = 0, 0
  ${countStatuses ? 'for _, thread in ipairs(threads) do answered = answered + thread:get("answered"); other = other + thread:get("other") end' : 'answered = summary.requests - summary.errors.status'}
  local e = summary.errors
  io.write(string.format("${RESULT_MARKER}%d %d %d %d %d %d\\n", summary.requests, summary.duration,
    latency:percentile(99), answered, other + (${countStatuses ? '0' : 'e.status'}), e.connect + e.read + e.write + e.timeout))
end
`;
}

const wrk: LoadGenerator = {
  name: 'wrk',
  async run(load, { connections, seconds, expected, prefix = [] }) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
    try {
      const script = join(dir, 'load.lua');
      writeFileSync(script, wrkScript(load, expected));
      const { stdout, stderr } = await execFileAsync(
        ...pinned(prefix, 'wrk', [
          '-t1',
          `-c${connections}`,
          `-d${seconds}s`,
          '--timeout',
          '5s',
          '-s',
          script,
          load.url,
        ]),
      );
      const line = stdout.split('\n').find((text) => text.startsWith(RESULT_MARKER));
      if (!line) throw new Error(`wrk printed no result:\n${stdout}${stderr}`);
      const [total, durationUs, p99Us, answered, wrongStatus, socketErrors] = line
        .slice(RESULT_MARKER.length)
        .trim()
        .split(' ')
        .map(Number) as [number, number, number, number, number, number];
      return {
        requestsPerSecond: total / (durationUs / 1e6),
        total,
        p99Ms: Math.round(p99Us / 10) / 100,
        errors: wrongStatus + socketErrors,
        answered,
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
