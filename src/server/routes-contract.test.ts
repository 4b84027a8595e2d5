import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPaths, apiPaths, apiRoutes, resources } from '../shared/api-paths.ts';
import { newsletterApiRoutes } from '../shared/newsletter-paths.ts';
import { privacyApiRoutes } from '../shared/privacy-paths.ts';
import { apiRoutes as registeredRoutes } from './test/api-surface.ts';
import { createTestApp, type TestApp } from './test/app.ts';

/** Every pattern of the shared table, the resources' ones for each resource. */
function sharedPatterns(): string[] {
  // The newsletter's public route is kept apart, out of the public site's first load.
  return [
    ...Object.values(apiRoutes),
    ...Object.values(newsletterApiRoutes),
    ...Object.values(privacyApiRoutes),
  ].flatMap((entry) => (typeof entry === 'string' ? [entry] : resources.map((resource) => entry(resource))));
}

describe('the API contract in src/shared/api-paths.ts', () => {
  let test: TestApp;
  beforeAll(async () => {
    // The routes alone: no built web app, whose server bundle would load modules in the background.
    test = await createTestApp('sqlite', { webDist: 'no-web-build' });
  });
  afterAll(async () => test.close());

  it('is exactly the set of /api routes the server registers', () => {
    const registered = new Set(registeredRoutes(test.app).map((route) => route.path));
    expect([...registered].sort()).toEqual([...new Set(sharedPatterns())].sort());
  });

  it('builds paths that the registered patterns answer', () => {
    const filled = [
      [apiPaths.get('events', 'a/b c'), '/api/events/get-by-id/a%2Fb%20c'],
      [apiPaths.remove('news', 'x'), '/api/news/delete/x'],
      [adminPaths.request('r1'), '/api/admin/requests/r1'],
      [adminPaths.requestStatus('r1'), '/api/admin/requests/r1/status'],
      [adminPaths.requestRetry('r1'), '/api/admin/requests/r1/retry'],
      [adminPaths.admin('a1'), '/api/admin/admins/a1'],
      [adminPaths.uploadItem('u1'), '/api/admin/uploads/u1'],
    ];
    for (const [built, expected] of filled) expect(built).toBe(expected);
    for (const [built] of filled) {
      const found =
        test.app.findRoute({ method: 'GET', url: built! }) ??
        ['PUT', 'POST', 'DELETE']
          .map((method) => test.app.findRoute({ method, url: built! } as never))
          .find(Boolean);
      expect(found, built).toBeTruthy();
    }
  });
});
