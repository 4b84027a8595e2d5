import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PAGE_PATHS, pagePaths } from '../../shared/api-paths.ts';
import { apiMessages } from '../../shared/messages.ts';
import { adminAppPlugin } from './admin-app.ts';
import { createPageRenderer, type PageRenderer } from './page-renderer.ts';
import { PREPARED_ROUTE, sendPrepared } from './prepared-body.ts';

const ONE_YEAR = 31_536_000;
const HTML = 'text/html; charset=utf-8';

const NOT_BUILT_HTML = `<!doctype html><html lang="es-MX"><meta charset="utf-8"><title>Sitio sin compilar</title>
<p>La aplicación web no está compilada. Ejecuta <code>npm run build</code> y vuelve a iniciar el servidor.</p></html>`;

/** A last path segment with a dot reads as a file name (`/logo.png`, `/assets/x.js`). */
const looksLikeFile = (path: string) => /\.[^/]+$/.test(path);

/**
 * Serves the built web apps: hashed assets cached for a year, the pages rendered on the server (with
 * the content a domain hands the renderer), `/` and unknown page paths redirected to /Inicio, unknown
 * files and unknown /api paths answered 404, robots.txt, and the admin's app.
 */
export const sitePlugin = fp(
  async (app: FastifyInstance) => {
    const root = resolve(app.config.webDist);
    const indexFile = resolve(root, 'index.html');
    const built = existsSync(indexFile);
    if (!built) app.log.warn({ root }, 'web app not built; pages answer with a notice');
    const indexHtml = built ? readFileSync(indexFile, 'utf8') : NOT_BUILT_HTML;

    if (built) {
      await app.register(fastifyStatic, {
        root,
        prefix: '/',
        index: false,
        wildcard: false,
        decorateReply: false,
        setHeaders: (reply, path) => {
          const hashed = path.includes(`${resolve(root, 'assets')}`);
          reply.header(
            'Cache-Control',
            hashed ? `public, max-age=${ONE_YEAR}, immutable` : 'public, max-age=3600',
          );
        },
      });
    }

    const manifestFile = resolve(root, '.vite', 'manifest.json');
    const renderer = await createPageRenderer({
      template: indexHtml,
      manifest: existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : undefined,
      ssrEntryFile: resolve(root, '..', 'ssr', 'entry-server.js'),
      readAsset: (file) => readFileSync(resolve(root, file), 'utf8'),
      siteUrl: app.config.siteUrl,
      onError: (error) => app.log.error({ err: error }, 'server rendering failed; sending the bare app'),
    });
    if (built && !renderer.serverRendered)
      app.log.warn('server bundle missing; pages are rendered in the browser');
    app.contentChanges.subscribe(() => renderer.invalidate());
    app.decorate('pageRenderer', renderer);

    const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('Cache-Control', 'no-cache');
      const page = renderer.page(request.url.split('?')[0] ?? '/');
      // A kept page goes out at once; one being made, when it is ready.
      if (page instanceof Promise) return page.then((ready) => sendPrepared(request, reply, ready, HTML));
      return sendPrepared(request, reply, page, HTML);
    };
    for (const path of PAGE_PATHS) app.get(path, PREPARED_ROUTE, sendPage);
    app.get('/', (_request, reply) => reply.redirect(pagePaths.inicio, 302));
    const base = app.config.siteUrl.replace(/\/$/, '');
    app.get('/robots.txt', async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\n\nSitemap: ${base}/sitemap.xml\n`),
    );

    await app.register(adminAppPlugin);

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isApi = path === '/api' || path.startsWith('/api/');
      if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile(path)) {
        return reply.redirect(pagePaths.inicio, 302);
      }
      return reply.code(404).send({ error: { code: 'NOT_FOUND', message: apiMessages.notFound } });
    });
  },
  { name: 'site', dependencies: ['content-changes'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The server renderer of the web app's pages (src/server/site/page-renderer.ts). */
    pageRenderer: PageRenderer;
  }
}
