import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoutes } from '../../shared/api-paths.ts';
import { apiMessages } from '../../shared/messages.ts';
import { HttpError } from './errors.ts';

/**
 * In production the session cookie is Secure, and a browser drops a Secure cookie that arrives over
 * plain http: a login over http would answer 200 and leave the admin logged out, with nothing to say
 * why. So a login the server could not give a Secure cookie to is refused, with what to configure.
 * The request is https when it reached this server over TLS, or when a trusted proxy (TRUST_PROXY)
 * says it came in over https (X-Forwarded-Proto).
 *
 * Returns the check for an unsafe request (the security plugin runs it before the CSRF check: over
 * plain http the CSRF cookie is dropped too, and its 403 would mislead), or nothing outside production.
 */
export function httpsLoginCheck(
  app: FastifyInstance,
): ((request: FastifyRequest) => HttpError | undefined) | undefined {
  if (app.config.env !== 'production') return undefined;
  if (app.config.trustProxy === false) {
    app.log.warn(
      'TRUST_PROXY is not set: behind an HTTPS proxy this server sees plain http, and admin logins are refused; set TRUST_PROXY=1 when one proxy is in front',
    );
  }
  return (request) => {
    if (request.method !== 'POST' || !request.url.startsWith(apiRoutes.login)) return undefined;
    if (request.protocol === 'https') return undefined;
    return new HttpError(403, 'HTTPS_REQUIRED', apiMessages.httpsRequired);
  };
}
