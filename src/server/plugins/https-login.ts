import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiRoutes } from '../../shared/api-paths.ts';
import { apiMessages } from '../../shared/messages.ts';
import { HttpError } from './errors.ts';

/**
 * In production the session cookie is Secure, and a browser drops a Secure cookie that arrives over
 * plain http: a login over http would answer 200 and leave the admin logged out, with nothing to say
 * why. So a login the server could not give a Secure cookie to is refused, with what to configure.
 * The request is https when it reached this server over TLS, or when a trusted proxy (TRUST_PROXY)
 * says it came in over https (X-Forwarded-Proto).
 */
export const httpsLoginPlugin = fp(
  async (app: FastifyInstance) => {
    if (app.config.env !== 'production') return;
    if (app.config.trustProxy === false) {
      app.log.warn(
        'TRUST_PROXY is not set: behind an HTTPS proxy this server sees plain http, and admin logins are refused; set TRUST_PROXY=1 when one proxy is in front',
      );
    }
    // Synchronous: every request passes here, and almost all of them only for the first test.
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.method !== 'POST' || !request.url.startsWith(apiRoutes.login)) return done();
      if (request.protocol === 'https') return done();
      done(new HttpError(403, 'HTTPS_REQUIRED', apiMessages.httpsRequired));
    });
  },
  { name: 'https-login', dependencies: ['errors'] },
);
