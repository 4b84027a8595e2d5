import type { FastifyPluginAsync } from 'fastify';
import { PAGE_PATHS, itemPaths } from '../../shared/api-paths.ts';
import { escapeHtml as escapeXml } from '../lib/html.ts';
import { eventsContent, newsContent } from './content.service.ts';

/** sitemap.xml: every page, each news entry's and event's too, with absolute URLs from SITE_URL. */
export const sitemapRoutes: FastifyPluginAsync = async (app) => {
  const base = app.config.siteUrl.replace(/\/$/, '');

  app.get('/sitemap.xml', async (_request, reply) => {
    const [news, events] = await Promise.all([
      newsContent.list(app.db, app.publishing.now()),
      eventsContent.list(app.db, app.publishing.now()),
    ]);
    const paths = [
      ...PAGE_PATHS,
      ...news.map((entry) => itemPaths.news(entry.slug)),
      ...events.map((event) => itemPaths.event(event.slug)),
    ];
    const urls = paths.map((path) => `  <url><loc>${escapeXml(`${base}${path}`)}</loc></url>`).join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
  });
};
