import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

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

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * A request's logger, made when something is first logged for it. Fastify gives every request a child
 * logger with its request id; pino makes one by serialising (and redacting) its bindings, and most
 * requests never log a line (decision 017). Lines that are written carry the same bindings as before.
 */
export class RequestLogger implements FastifyBaseLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #logger: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #made(): FastifyBaseLogger {
    this.#logger ??= this.#parent.child(this.#bindings, this.#options);
    return this.#logger;
  }

  get level(): string {
    return this.#logger?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#made().level = level;
  }

  #log(level: LevelName, args: unknown[]): void {
    const logger = this.#made();
    (logger[level] as (...args: unknown[]) => void).apply(logger, args);
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  silent(...args: unknown[]): void {
    this.#log('silent', args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }
}

/** For Fastify's `childLoggerFactory`: each request's logger, made only if it is used. */
export const lazyRequestLogger = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger => new RequestLogger(logger, bindings, options);
