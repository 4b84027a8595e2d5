import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiRoutes } from '../../shared/api-paths.ts';
import { recordAudit } from './audit.repository.ts';
import { answeredId } from '../lib/answered-id.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Visitors' forms and the token endpoint are not admin actions, even when an admin sends them. Logins
// record themselves (failures too, which this hook would not see); starting a second-factor set-up
// changes nothing until it is confirmed.
const NOT_AUDITED = new Set<string>([
  apiRoutes.contact,
  apiRoutes.csrf,
  apiRoutes.login,
  apiRoutes.loginSecondFactor,
  apiRoutes.secondFactorSetup,
]);

// Routes whose last segment already says what they do; the others take their verb from the method.
const NAMED_ACTIONS = new Set([
  'create',
  'update',
  'delete',
  'status',
  'retry',
  'login',
  'logout',
  'password',
  'enable',
  'disable',
  'cancel',
  'confirm',
]);
const METHOD_VERBS: Record<string, string> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

/** A stable name for what a route does ("/api/events/create" → "events.create", DELETE "/api/admin/admins/:id" → "admins.delete"). */
export function actionName(method: string, routeUrl: string): string {
  const parts = routeUrl
    .replace(/^\/api\//, '')
    .split('/')
    .filter((part) => part && !part.startsWith(':'));
  if (parts[0] === 'admin') parts.shift();
  const last = parts.at(-1);
  const verb = METHOD_VERBS[method];
  if (verb && (!last || !NAMED_ACTIONS.has(last))) parts.push(verb);
  return parts.join('.');
}

function targetFrom(request: FastifyRequest, responseId: string | undefined): string | null {
  // A login answers with the admin herself, who is already the "who".
  if (request.url.startsWith('/api/auth/')) return null;
  const params = request.params as Record<string, unknown> | undefined;
  if (typeof params?.id === 'string') return params.id;
  const body = request.body as Record<string, unknown> | undefined;
  for (const key of ['eventId', 'newsId', 'partnersId']) {
    if (body && typeof body[key] === 'string') return body[key] as string;
  }
  return responseId ?? null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin as the request arrived (a logout ends the session before the response). */
    auditAdminId?: string;
    /** What the route adds to its audit entry (a new status, a folio); it must name no person. */
    auditDetail?: string;
    /** The record the route acted on, when neither its path nor its answer names it. */
    auditTargetId?: string;
  }
}

/**
 * Every successful unsafe /api request made in an admin session is written to the audit log: one
 * hook covers content writes, uploads and the admin API alike, so no route can forget it.
 */
export function installAuditHooks(app: FastifyInstance): void {
  const audited = (request: FastifyRequest) => {
    const path = request.url.split('?')[0] ?? '';
    return UNSAFE.has(request.method) && path.startsWith('/api/') && !NOT_AUDITED.has(path);
  };

  app.addHook('onRequest', async (request) => {
    if (audited(request)) request.auditAdminId = request.session?.get('adminId');
  });

  // Written before the answer leaves, so an action the admin saw succeed is always in the log.
  app.addHook('onSend', async (request, reply: FastifyReply, payload) => {
    if (!audited(request) || reply.statusCode >= 400) return payload;
    const adminId = request.session?.get('adminId') ?? request.auditAdminId;
    if (!adminId) return payload;
    try {
      const routeUrl = request.routeOptions.url ?? request.url;
      await recordAudit(app.db, {
        adminId,
        action: actionName(request.method, routeUrl),
        method: request.method,
        path: request.url.split('?')[0] ?? request.url,
        targetId: request.auditTargetId ?? targetFrom(request, answeredId(payload)),
        detail: request.auditDetail ?? null,
      });
    } catch (error) {
      request.log.error({ err: error }, 'audit log write failed');
    }
    return payload;
  });
}
