import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createPageRenderer,
  entryStylesheets,
  inlineStylesheets,
  pageAssetLinks,
  pageStylesheets,
  withoutTemplateHead,
} from './page-renderer.ts';

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
    'index.html': {
      file: 'assets/main.js',
      isEntry: true,
      css: ['assets/main.css'],
      imports: ['_react.js'],
      dynamicImports: ['pages/inicio/inicio-page.tsx', 'pages/socias/socias-page.tsx'],
    },
    'pages/socias/socias-page.tsx': {
      file: 'assets/socias.js',
      css: ['assets/socias.css'],
      imports: ['index.html'],
    },
    '_react.js': { file: 'assets/react.js' },
    'pages/inicio/inicio-page.tsx': {
      file: 'assets/inicio.js',
      css: ['assets/inicio.css'],
      imports: ['index.html'],
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

  it('preloads only the scripts the page loads now, and links no stylesheet', () => {
    const links = pageAssetLinks(manifest, 'pages/inicio/inicio-page.tsx');
    for (const js of ['inicio', 'main', 'react']) {
      expect(links).toContain(`<link rel="modulepreload" crossorigin href="/assets/${js}.js">`);
    }
    expect(links).not.toContain('stylesheet');
    expect(links).not.toContain('below.js');
    expect(links).not.toContain('form.js');
    expect(links).not.toContain('admin');
    // Other pages, reachable only through the entry's own dynamic imports, are left out.
    expect(links).not.toContain('socias');
  });

  it('does not preload again what the HTML loads already', () => {
    const links = pageAssetLinks(manifest, 'pages/inicio/inicio-page.tsx', '<script src="/assets/main.js">');
    expect(links).not.toContain('main.js');
    expect(links).toContain('inicio.js');
  });

  it('links nothing for a page it does not know', () => {
    expect(pageAssetLinks(manifest, undefined)).toBe('');
    expect(pageAssetLinks(manifest, 'nope.tsx')).toBe('');
  });
});

describe('inline stylesheets', () => {
  const manifest = {
    'index.html': {
      file: 'assets/main.js',
      isEntry: true,
      css: ['assets/main.css'],
      dynamicImports: ['pages/a.tsx', 'pages/b.tsx'],
    },
    'pages/a.tsx': { file: 'assets/a.js', css: ['assets/a.css'], imports: ['_shared.js'] },
    'pages/b.tsx': { file: 'assets/b.js', css: ['assets/b.css'], imports: ['_shared.js', 'index.html'] },
    '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
    'admin/index.html': { file: 'assets/admin.js', isEntry: true, css: ['assets/admin.css'] },
  };
  const css: Record<string, string> = {
    'assets/main.css': 'body{margin:0}',
    'assets/a.css': '.a{color:red}',
    'assets/b.css': '.b{color:blue}',
    'assets/shared.css': '.s{}',
  };
  const template = `<html><head>
    <meta charset="UTF-8" />
    <link rel="stylesheet" crossorigin href="/assets/main.css">
    <title>x</title>
  </head><body><div id="root"></div></body></html>`;

  it('gathers every stylesheet of the public entry, entry first, each once, none of the admin', () => {
    expect(entryStylesheets(manifest)).toEqual([
      'assets/main.css',
      'assets/a.css',
      'assets/shared.css',
      'assets/b.css',
    ]);
  });

  it("gives a page the entry's stylesheets and its own, none of another page's, in the site's order", () => {
    const pages = ['pages/a.tsx', 'pages/b.tsx'];
    expect(pageStylesheets(manifest, 'pages/a.tsx', pages)).toEqual([
      'assets/main.css',
      'assets/a.css',
      'assets/shared.css',
    ]);
    // Alone, b's chunks would put its own stylesheet before the shared one; the site's order puts the
    // shared one first, as on page a.
    expect(pageStylesheets(manifest, 'pages/b.tsx', pages)).toEqual([
      'assets/main.css',
      'assets/shared.css',
      'assets/b.css',
    ]);
  });

  it('inlines only the stylesheets it is given, and names only those', () => {
    const html = inlineStylesheets(template, manifest, (file) => css[file]!, [
      'assets/main.css',
      'assets/shared.css',
      'assets/b.css',
    ]);
    expect(html).toContain('<style>body{margin:0}\n.s{}\n.b{color:blue}</style>');
    expect(html).not.toContain('a.css');
    expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)/);
  });

  it('puts them in one style element where the entry linked its own, and links none', () => {
    const html = inlineStylesheets(template, manifest, (file) => css[file]!);
    expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)/);
    expect(html).toContain('<style>body{margin:0}\n.a{color:red}\n.s{}\n.b{color:blue}</style>');
    // Named by disabled links, so the chunks' loader does not fetch them again.
    for (const file of ['main', 'a', 'shared', 'b']) {
      expect(html).toContain(`<link rel="stylesheet" href="/assets/${file}.css" disabled>`);
    }
    expect(html.indexOf('<style>')).toBeLessThan(html.indexOf('<title>'));
    expect(html.indexOf('charset')).toBeLessThan(html.indexOf('<style>'));
  });

  it('cannot be closed early by what a stylesheet contains', () => {
    const html = inlineStylesheets(template, manifest, (file) =>
      file === 'assets/a.css' ? '.a::after{content:"</style><script>"}' : '',
    );
    expect(html.match(/<\/style>/g)).toHaveLength(1);
  });

  it('leaves a template without a manifest as it is', () => {
    expect(inlineStylesheets(template, {}, () => '')).toBe(template);
  });
});

describe('the server entry', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ssr-entry-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A server entry whose code takes `ms` to load, and then loads or fails. */
  function entry(name: string, ms: number, fails = false): string {
    const file = join(dir, `${name}.mjs`);
    writeFileSync(
      file,
      `export const pageModules = {};
       export const state = { loaded: false };
       const everything = new Promise((resolve, reject) => setTimeout(() => {
         state.loaded = ${!fails};
         ${fails ? "reject(new Error('a chunk did not load'))" : 'resolve()'};
       }, ${ms}));
       export function loaded() { return everything; }
       export async function render() { await everything; return { html: '<p>hola</p>', head: '', state: '{}' }; }`,
    );
    return file;
  }
  const options = (ssrEntryFile: string, onError: (error: unknown) => void = () => {}) => ({
    template: '<html><head></head><body><div id="root"></div></body></html>',
    ssrEntryFile,
    siteUrl: 'https://sitio.example.org',
    onError,
  });

  it('is ready only once all of its code is loaded, so nothing is left loading when the server closes', async () => {
    const file = entry('slow', 50);
    const renderer = await createPageRenderer(options(file));
    const module = (await import(file)) as { state: { loaded: boolean } };
    expect(module.state.loaded).toBe(true);
    expect(renderer.serverRendered).toBe(true);
  });

  it('reports code that cannot load, and still starts', async () => {
    const errors: unknown[] = [];
    const renderer = await createPageRenderer(
      options(entry('broken', 10, true), (error) => errors.push(error)),
    );
    expect(errors).toEqual([new Error('a chunk did not load')]);
    expect(renderer).toBeDefined();
  });
});

describe('a private page', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ssr-private-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // An entry that draws the private data it is given, counts its renderings, and hands the data on in
  // the page's state, as the web app's entry does.
  const file = join(dir, 'entry.mjs');
  writeFileSync(
    file,
    `export const pageModules = {};
     export const count = { renders: 0 };
     export async function render(url, data) {
       count.renders++;
       const own = data.private ? data.private.name : 'nadie';
       return { html: '<p>' + url + ' de ' + own + '</p>', head: '<title>t</title>', state: JSON.stringify({ private: data.private }) };
     }`,
  );

  it('is drawn for each answer with its own data, which travel in the initial data for hydration', async () => {
    const renderer = await createPageRenderer({
      template: '<html><head></head><body><div id="root"></div></body></html>',
      ssrEntryFile: file,
      siteUrl: 'https://sitio.example.org',
      onError: () => {},
    });
    renderer.drawContentFrom(async () => ({ events: [], news: [], partners: [] }));
    const module = (await import(file)) as { count: { renders: number } };
    const ana = await renderer.renderPrivatePage('/Socia/abc', {
      data: { kind: 'prueba', name: 'Ana' } as never,
    });
    const bea = await renderer.renderPrivatePage('/Socia/abc', {
      data: { kind: 'prueba', name: 'Bea' } as never,
    });
    expect(ana).toContain('<p>/Socia/abc de Ana</p>');
    expect(ana).toContain(
      '<script type="application/json" id="initial-data">{"private":{"kind":"prueba","name":"Ana"}}</script>',
    );
    expect(bea).toContain('<p>/Socia/abc de Bea</p>');
    expect(module.count.renders).toBe(2);
    // A public page drawn at that address holds nobody's data.
    expect(await renderer.render('/Socia/abc')).toContain('de nadie');
  });

  it('throws when it cannot be drawn, rather than sending a page without its data', async () => {
    const broken = join(dir, 'broken.mjs');
    writeFileSync(
      broken,
      `export const pageModules = {};
       export async function render() { throw new Error('no se pudo'); }`,
    );
    const renderer = await createPageRenderer({
      template: '<html><head></head><body><div id="root"></div></body></html>',
      ssrEntryFile: broken,
      siteUrl: 'https://sitio.example.org',
      onError: () => {},
    });
    renderer.drawContentFrom(async () => ({ events: [], news: [], partners: [] }));
    await expect(renderer.renderPrivatePage('/Socia/abc', { data: { kind: 'prueba' } })).rejects.toThrow(
      'no se pudo',
    );
  });
});
