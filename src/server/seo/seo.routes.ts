import type { FastifyPluginAsync } from 'fastify';
import { PAGE_PATHS } from '../../shared/api-paths.ts';

/** robots.txt and sitemap.xml, with absolute URLs from SITE_URL. */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const base = app.config.siteUrl.replace(/\/$/, '');

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\n\nSitemap: ${base}/sitemap.xml\n`),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const urls = PAGE_PATHS.map((path) => `  <url><loc>${base}${path}</loc></url>`).join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
  });
};
