import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MINUTE_MS } from '../../shared/clock.ts';
import { apiMessages } from '../../shared/messages.ts';
import { HttpError } from '../plugins/errors.ts';

/** Attempts at a code or the current password per admin in the window. */
export const ACCOUNT_ATTEMPTS = 5;

const WINDOW_MS = 15 * MINUTE_MS;
/** Keys the fallback keeps at most; past that the oldest windows are forgotten first. */
const FALLBACK_KEYS = 10_000;

/**
 * Counts attempts in this instance's memory, in fixed windows: what guards passwords and codes while
 * the shared store (Redis) does not answer. Each instance then allows `max` on its own, which is more
 * than together but never unlimited.
 */
export function memoryCounter(max: number, windowMs = WINDOW_MS, now: () => number = Date.now) {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return (key: string): boolean => {
    const at = now();
    let window = windows.get(key);
    if (!window || window.endsAt <= at) {
      windows.delete(key);
      if (windows.size >= FALLBACK_KEYS) windows.delete(windows.keys().next().value!);
      window = { count: 0, endsAt: at + windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    return window.count > max;
  };
}

/**
 * A preHandler that allows `max` requests per key in 15 minutes and answers 429 beyond. Built on
 * createRateLimit (shared through Redis when configured) rather than a route's rateLimit option: the
 * plugin skips a second limit on a route that already has one. When the shared store fails, attempts
 * are counted in this instance's memory instead: the limit fails closed, never open.
 */
export function attemptLimit(
  app: FastifyInstance,
  name: string,
  max: number,
  key: (request: FastifyRequest) => string,
) {
  const keyOf = (request: FastifyRequest) => `${name}:${key(request)}`;
  const limiter = app.createRateLimit({
    max,
    timeWindow: WINDOW_MS,
    keyGenerator: keyOf,
    skipOnError: false,
  });
  const fallback = memoryCounter(max);
  return async (request: FastifyRequest) => {
    let exceeded: boolean;
    try {
      const limit = await limiter(request);
      exceeded = 'isExceeded' in limit && limit.isExceeded;
    } catch (error) {
      request.log.warn({ err: error, limit: name }, 'rate-limit store unavailable; counting in memory');
      exceeded = fallback(keyOf(request));
    }
    if (exceeded) throw new HttpError(429, 'RATE_LIMITED', apiMessages.rateLimited);
  };
}

/** The limit on one admin's attempts at a code or her current password, whichever session tries them. */
export const perAdminAttempts = (app: FastifyInstance, name: string) =>
  attemptLimit(
    app,
    name,
    app.config.accountAttempts ?? ACCOUNT_ATTEMPTS,
    (request) => request.session.get('adminId') ?? request.ip,
  );
