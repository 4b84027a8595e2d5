import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS, pageRouteOf } from '../../shared/api-paths.ts';
import { newsletterPaths } from '../../shared/newsletter-paths.ts';
import { pageMeta } from '../content/seo.ts';
import { pageModules } from './page-modules.ts';

describe('page modules', () => {
  it('name an existing file for every page, the same one app.tsx loads (itself or through the catch-all)', () => {
    const app = readFileSync(join(import.meta.dirname, '..', 'app.tsx'), 'utf8');
    const other = readFileSync(join(import.meta.dirname, '..', 'pages/other/other-pages.tsx'), 'utf8');
    expect(app).toContain(`import('./pages/other/other-pages.tsx')`);
    for (const path of PAGE_PATHS) {
      const module = pageModules[path];
      expect(module, path).toBeDefined();
      expect(existsSync(join(import.meta.dirname, '..', module!)), module).toBe(true);
      const loaded =
        app.includes(`import('./${module}')`) ||
        other.includes(`from '../${module!.slice('pages/'.length)}'`);
      expect(loaded, module).toBe(true);
    }
  });

  it("name the newsletter's page for each of its addresses, with its own title", () => {
    for (const path of Object.values(newsletterPaths)) {
      expect(pageModules[path], path).toBe('pages/boletin/boletin-page.tsx');
      expect(pageMeta[path], path).toBeDefined();
    }
    expect(pageRouteOf('/Boletin/baja/abc')).toBe(newsletterPaths.unsubscribe);
    expect(pageRouteOf('/Boletin/confirmar/abc')).toBe(newsletterPaths.confirm);
    expect(pageRouteOf('/Noticias/una')).toBe('/Noticias/:slug');
  });
});
