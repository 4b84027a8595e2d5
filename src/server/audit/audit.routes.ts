import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditQuerySchema, AuditRowSchema, listEnvelope } from '../../shared/admin-schemas.ts';
import { listAudit } from './audit.repository.ts';
import { apiRoutes } from '../../shared/api-paths.ts';

/** The audit log, newest first, for admins to read. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoutes.audit,
    { schema: { querystring: AuditQuerySchema, response: { 200: listEnvelope(AuditRowSchema) } } },
    async (request) => {
      const { page, perPage, action, admin } = request.query;
      const { items, total } = await listAudit(app.db, {
        offset: (page - 1) * perPage,
        limit: perPage,
        action,
        admin,
      });
      return {
        data: items.map((row) => ({
          id: row.id,
          adminEmail: row.admin_email,
          action: row.action,
          method: row.method,
          path: row.path,
          targetId: row.target_id,
          detail: row.detail,
          createdAt: row.created_at,
        })),
        total,
      };
    },
  );
};
