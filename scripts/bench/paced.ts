// An open-loop load at a steady rate, for "N a second" figures. autocannon's own rate option is not
// that: each connection sends its share of a second's requests back to back as soon as the second
// starts and then waits for the next one (at "1,000 a second" the site got 1,000 requests in the first
// half of every second, flat out, and none in the other half), and its correction for coordinated
// omission assumes one request a millisecond per connection whatever the rate, which multiplies every
// slow answer into dozens of made-up ones. Here each request is due at its own moment, one every
// 1/rate seconds, and is sent then whatever the earlier ones are doing; its latency is counted from
// that moment, so a stall of the generator or of the site counts in full and nothing is invented.
// The first `warmUpSeconds` run at the same rate over the same connections and are not counted (as
// `npm run bench` warms up before each round): the connections the generator opens, and the site's
// first moments under a new load, are not the steady state a rate describes.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface PacedLoad {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** The body of the n-th request. */
  body?: (n: number) => string;
}

export interface PacedResult {
  rate: number;
  seconds: number;
  /** Sent before the counted `seconds`, at the same rate; their answers are in `statuses` only. */
  warmUp: number;
  /** Every request, warm-up included. */
  sent: number;
  /** Answers by status code, warm-up included. */
  statuses: Record<string, number>;
  /** Requests that got no answer (a refused or broken connection). */
  errors: number;
  /** Answers a second over the run, from the first due moment to the last answer. */
  perSecond: number;
  /** From each request's due moment to the end of its answer, in ms. */
  latency: { p50: number; p90: number; p99: number; max: number };
  /** How late the generator itself sent its requests (due moment to sending), p99 in ms. */
  sendLagP99: number;
}

const percentile = (sorted: number[], p: number) =>
  Math.round((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) * 10) / 10;

export async function paced(
  load: PacedLoad,
  rate: number,
  seconds: number,
  warmUpSeconds = 0,
): Promise<PacedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const warmUp = Math.round(rate * warmUpSeconds);
  const total = warmUp + Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const lags: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let settled = 0;
  let lastAnswer = 0;
  const start = performance.now() + 20;
  const dueAt = (n: number) => start + n * interval;

  await new Promise<void>((resolve) => {
    const settle = () => {
      settled += 1;
      if (settled === total) resolve();
    };
    const send = (n: number) => {
      const due = dueAt(n);
      const counted = n >= warmUp;
      if (counted) lags.push(performance.now() - due);
      const body = load.body?.(n);
      const headers =
        body === undefined
          ? load.headers
          : { ...load.headers, 'content-length': `${Buffer.byteLength(body)}` };
      const outgoing = request(load.url, { method: load.method, agent, headers }, (answer) => {
        answer.resume();
        answer.on('end', () => {
          lastAnswer = performance.now();
          if (counted) latencies.push(lastAnswer - due);
          const status = `${answer.statusCode ?? 0}`;
          statuses[status] = (statuses[status] ?? 0) + 1;
          settle();
        });
      });
      outgoing.on('error', () => {
        errors += 1;
        settle();
      });
      outgoing.end(body);
    };
    let next = 0;
    // Timers fire a little late and never sooner than a millisecond: each turn sends everything due.
    const tick = () => {
      const now = performance.now();
      while (next < total && dueAt(next) <= now) send(next++);
      if (next < total) setTimeout(tick, Math.max(0, Math.min(1, dueAt(next) - performance.now())));
    };
    setTimeout(tick, Math.max(0, start - performance.now()));
  });
  agent.destroy();

  const sorted = latencies.sort((a, b) => a - b);
  return {
    rate,
    seconds,
    warmUp,
    sent: total,
    statuses,
    errors,
    perSecond: Math.round((latencies.length / (lastAnswer - dueAt(warmUp))) * 1000),
    latency: {
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p99: percentile(sorted, 99),
      max: percentile(sorted, 100),
    },
    sendLagP99: percentile(
      lags.sort((a, b) => a - b),
      99,
    ),
  };
}
