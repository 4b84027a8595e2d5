import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageAssetLinks, withoutTemplateHead } from './page-renderer.ts';

describe('the page template', () => {
  // The web app's real template, whose description spreads over several lines.
  const template = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');

  it('loses its title and description, which every rendered page brings', () => {
    expect(template.match(/<meta\s+name="description"/g)).toHaveLength(1);
    const stripped = withoutTemplateHead(template);
    expect(stripped).not.toMatch(/name="description"/);
    expect(stripped).not.toContain('<title>');
    expect(stripped).toContain('<meta name="theme-color"');
    expect(stripped).toContain('<div id="root"></div>');
  });
});

describe('page asset links', () => {
  const manifest = {
    'main.tsx': {
      file: 'assets/main.js',
      isEntry: true,
      css: ['assets/main.css'],
      imports: ['_react.js'],
      dynamicImports: ['pages/inicio/inicio-page.tsx', 'pages/socias/socias-page.tsx'],
    },
    'pages/socias/socias-page.tsx': {
      file: 'assets/socias.js',
      css: ['assets/socias.css'],
      imports: ['main.tsx'],
    },
    '_react.js': { file: 'assets/react.js' },
    'pages/inicio/inicio-page.tsx': {
      file: 'assets/inicio.js',
      css: ['assets/inicio.css'],
      imports: ['main.tsx'],
      dynamicImports: ['pages/inicio/below-fold.tsx'],
    },
    'pages/inicio/below-fold.tsx': {
      file: 'assets/below.js',
      css: ['assets/below.css'],
      imports: ['_form.js'],
    },
    '_form.js': { file: 'assets/form.js', css: ['assets/form.css'] },
    'admin/main.tsx': { file: 'assets/admin.js', css: ['assets/admin.css'] },
  };

  it('links the styles of the page and of what it loads later, and preloads only what it loads now', () => {
    const links = pageAssetLinks(manifest, 'pages/inicio/inicio-page.tsx');
    for (const css of ['inicio', 'main', 'below', 'form']) {
      expect(links).toContain(`<link rel="stylesheet" crossorigin href="/assets/${css}.css">`);
    }
    for (const js of ['inicio', 'main', 'react']) {
      expect(links).toContain(`<link rel="modulepreload" crossorigin href="/assets/${js}.js">`);
    }
    expect(links).not.toContain('below.js');
    expect(links).not.toContain('form.js');
    expect(links).not.toContain('admin');
    // Other pages, reachable only through the entry's own dynamic imports, are left out.
    expect(links).not.toContain('socias');
  });

  it('does not link again what the HTML links already', () => {
    const links = pageAssetLinks(manifest, 'pages/inicio/inicio-page.tsx', '<link href="/assets/main.css">');
    expect(links).not.toContain('main.css');
    expect(links).toContain('inicio.css');
  });

  it('links nothing for a page it does not know', () => {
    expect(pageAssetLinks(manifest, undefined)).toBe('');
    expect(pageAssetLinks(manifest, 'nope.tsx')).toBe('');
  });
});
