import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** An answer that took at least this long is logged whatever it was (decision 017). */
export const SLOW_REQUEST_MS = 1_000;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * LOG_REQUESTS=notable (the default): one line per request worth reading afterwards, and none for the
 * ordinary successful reads that make up nearly all traffic (the proxy in front keeps an access log of
 * those). A line is written for every write (any method but GET, HEAD, OPTIONS), every 4xx and 5xx,
 * and every answer that took SLOW_REQUEST_MS or more; it carries the request, the status and the time,
 * at `error` for a 5xx, `warn` for a slow answer, `info` otherwise. LOG_REQUESTS=all keeps Fastify's
 * own two lines for every request.
 */
export class NotableRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const status = reply.statusCode;
    const responseTime = reply.elapsedTime;
    const slow = responseTime >= SLOW_REQUEST_MS;
    if (!error && status < 400 && !slow && READS.has(request.method)) return;
    const line = { req: request, res: reply, responseTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (status >= 500) reply.log.error(line, 'request completed');
    else if (slow) reply.log.warn(line, 'request completed slowly');
    else reply.log.info(line, 'request completed');
  }
}
