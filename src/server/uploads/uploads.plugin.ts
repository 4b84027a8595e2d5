import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminScope } from '../plugins/sessions.ts';
import { serveUploads, uploadRoutes } from './uploads.routes.ts';

/** The admin's images: uploaded and converted under /api/uploads, listed and deleted, served from /uploads/. */
export const uploadsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(adminScope(uploadRoutes));
    await app.register(serveUploads);
  },
  { name: 'uploads', dependencies: ['database', 'security', 'accounts'] },
);
