import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Certificates of participation for those who checked in, verifiable by anyone at `/Constancias/<folio>`,
 * and the short survey after each event.
 */
export const certificatesPlugin = fp(async (_app: FastifyInstance) => {}, {
  name: 'certificates',
  dependencies: ['database', 'mail', 'sessions', 'registrations'],
});
