import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '../../shared/api-paths.ts';
import { pageModules } from './page-modules.ts';

describe('page modules', () => {
  it('name an existing file for every page, the same one app.tsx loads', () => {
    const app = readFileSync(join(import.meta.dirname, '..', 'app.tsx'), 'utf8');
    for (const path of PAGE_PATHS) {
      const module = pageModules[path];
      expect(module, path).toBeDefined();
      expect(existsSync(join(import.meta.dirname, '..', module!)), module).toBe(true);
      expect(app).toContain(`import('./${module}')`);
    }
  });
});
