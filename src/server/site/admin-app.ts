import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const NOT_BUILT_HTML = `<!doctype html><html lang="es-MX"><meta charset="utf-8"><title>Administración sin compilar</title>
<p>La administración no está compilada. Ejecuta <code>npm run build</code> y vuelve a iniciar el servidor.</p></html>`;

/**
 * The association's admin at /admin (its own Vite entry, so the public pages never load its code).
 * The page is answered fresh every time; its assets are hashed.
 */
export const adminAppPlugin = fp(
  async (app: FastifyInstance) => {
    const file = resolve(app.config.webDist, 'admin', 'index.html');
    const built = existsSync(file);
    if (!built) app.log.warn({ file }, 'admin app not built; /admin answers with a notice');
    const html = built ? readFileSync(file, 'utf8') : NOT_BUILT_HTML;

    const sendAdmin = (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .header('Cache-Control', 'no-cache')
        .header('X-Robots-Tag', 'noindex, nofollow')
        .type('text/html; charset=utf-8')
        .send(html);
    app.get('/admin', sendAdmin);
    app.get('/admin/*', sendAdmin);
  },
  { name: 'admin-app' },
);
