import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiMessages } from '../../shared/messages.ts';
import { HttpError } from '../plugins/errors.ts';
import { findAdminById } from './admins.repository.ts';

/** Decorates `app.requireAdmin`: an onRequest hook that lets only a logged-in, still existing admin through. */
export const requireAdminPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const adminId = request.session.get('adminId');
      if (!adminId || !(await findAdminById(app.db, adminId))) {
        throw new HttpError(401, 'UNAUTHORIZED', apiMessages.unauthorized);
      }
    });
  },
  { name: 'require-admin', dependencies: ['database', 'security'] },
);
