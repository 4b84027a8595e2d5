import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiMessages } from '../../shared/messages.ts';
import { HttpError } from '../plugins/errors.ts';

/** Attempts at a code or the current password per admin in the window. */
export const ACCOUNT_ATTEMPTS = 5;

/**
 * A preHandler that allows `max` requests per key in 15 minutes and answers 429 beyond. Built on
 * createRateLimit (shared through Redis when configured) rather than a route's rateLimit option: the
 * plugin skips a second limit on a route that already has one.
 */
export function attemptLimit(
  app: FastifyInstance,
  name: string,
  max: number,
  key: (request: FastifyRequest) => string,
) {
  const limiter = app.createRateLimit({
    max,
    timeWindow: '15 minutes',
    keyGenerator: (request) => `${name}:${key(request)}`,
  });
  return async (request: FastifyRequest) => {
    const limit = await limiter(request);
    if ('isExceeded' in limit && limit.isExceeded) {
      throw new HttpError(429, 'RATE_LIMITED', apiMessages.rateLimited);
    }
  };
}

/** The limit on one admin's attempts at a code or her current password, whichever session tries them. */
export const perAdminAttempts = (app: FastifyInstance, name: string) =>
  attemptLimit(app, name, ACCOUNT_ATTEMPTS, (request) => request.session.get('adminId') ?? request.ip);
