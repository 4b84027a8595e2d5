import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { apiRoutes } from './api-surface.ts';

describe('the API routes read from the route tree', () => {
  it('reads a route whose address goes on from another one, even within a word', async () => {
    const app = Fastify();
    for (const path of [
      '/api/admin/news',
      '/api/admin/newsletter/campaigns',
      '/api/admin/news/:id',
      '/api/health',
    ])
      app.get(path, async () => ({}));
    app.post('/api/admin/newsletter/campaigns/:id/send', async () => ({}));
    await app.ready();
    const routes = apiRoutes(app as unknown as App).map((route) => `${route.method} ${route.path}`);
    expect(routes.sort()).toEqual([
      'GET /api/admin/news',
      'GET /api/admin/news/:id',
      'GET /api/admin/newsletter/campaigns',
      'GET /api/health',
      'POST /api/admin/newsletter/campaigns/:id/send',
    ]);
    await app.close();
  });
});
