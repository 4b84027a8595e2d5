import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { pageRouteOf } from '../../shared/api-paths.ts';
import { MINUTE_MS } from '../../shared/clock.ts';
import type { PostedFormAnswer } from '../../shared/form-answer.ts';
import type { PageData, PrivatePageData } from '../../shared/page-data.ts';
import { bootAfterFirstPaint, bootsAfterFirstPaint, withPagePreloads } from './boot-script.ts';
import { isDatabaseUnavailable } from '../db/database.ts';
import { prepareBody, type PreparedBody } from './prepared-body.ts';

/** The server bundle of the web app (src/web/entry-server.tsx, built by `vite build --ssr`). */
interface ServerEntry {
  render(
    url: string,
    data: PageData,
    siteUrl: string,
  ): Promise<{ html: string; head: string; state: string }>;
  pageModules: Record<string, string>;
  /** Settles once the app's code is all loaded (the small entries some tests write leave it out). */
  loaded?(): Promise<void>;
}

export interface PageRenderer {
  /** The full HTML document of a page. */
  render(pathname: string): Promise<string>;
  /**
   * The same, with its ETag and compressed copies, made once per rendering: at once when it is kept
   * (the usual case), else when the rendering that every request for it shares is done.
   */
  page(pathname: string): Promise<PreparedBody> | PreparedBody;
  /**
   * A page that carries one visitor's answer to a form (what they typed): rendered for that response
   * only, never cached.
   */
  renderPrivate(pathname: string, form: PostedFormAnswer): Promise<string>;
  /**
   * A page drawn for one response with that visitor's own data (a member's page): the data travel in
   * the page's initial data, so the browser hydrates the same page. Never kept; send it with
   * `privatePage` (site/form-posts.ts): `Cache-Control: no-store`, `X-Robots-Tag: noindex`. Unlike a
   * public page, a failure is thrown: the bare app could not draw the page without the data.
   */
  renderPrivatePage(
    pathname: string,
    page: { data: PrivatePageData; form?: PostedFormAnswer },
  ): Promise<string>;
  /**
   * A page that carries a refusal (too many posts, another site's post, a body that is no form): the
   * same for everyone it is given to, so it is rendered once per page and answer and kept like a page.
   * Its answer must hold nothing a visitor typed.
   */
  refusal(pathname: string, form: PostedFormAnswer): Promise<PreparedBody> | PreparedBody;
  /**
   * A page drawn from the content given instead of the source's (an entry's preview, for the admin):
   * rendered for that response only, never cached. Unlike the others, a failure is thrown.
   */
  renderWith(pathname: string, content: Awaited<ReturnType<PageContentSource>>): Promise<string>;
  /** Forgets rendered pages (content changed). */
  invalidate(): void;
  /** Where pages get their content from (the content domain says, when it is registered). */
  drawContentFrom(source: PageContentSource): void;
  /** More of a page's data, from another domain, by the page's path (the members' plans and directory). */
  addPageData(source: PageDataSource): void;
  readonly serverRendered: boolean;
}

/** Data some pages add to their content, read when such a page is rendered. */
export type PageDataSource = (pathname: string) => Promise<Pick<PageData, 'membership'>>;

/** The content every page is rendered with. */
export type PageContentSource = () => Promise<Pick<PageData, 'events' | 'news' | 'partners'>>;

// Rendered pages are reused for this long; the featured event is drawn again after it.
const CACHE_TTL_MS = MINUTE_MS;
const ROOT = '<div id="root"></div>';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The modulepreload links a server-rendered page needs from Vite's manifest: the script chunks its own
 * chunk imports at once. Stylesheets are not linked: every page carries them inline (see
 * `inlineStylesheets`).
 */
export function pageAssetLinks(
  manifest: Record<string, ManifestChunk>,
  moduleKey: string | undefined,
  /** The HTML the links go into: what it links already is not linked twice. */
  template = '',
): string {
  return pageScripts(manifest, moduleKey, template)
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
    .join('\n    ');
}

/** The script chunks (site paths) a page's own chunk imports at once, less those `template` names. */
export function pageScripts(
  manifest: Record<string, ManifestChunk>,
  moduleKey: string | undefined,
  template = '',
): string[] {
  const scripts = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (moduleKey) visit(moduleKey);
  return [...scripts].map((file) => `/${file}`).filter((file) => !template.includes(file));
}

/**
 * Every stylesheet of the app whose HTML entry is `entryKey`, in the order the cascade expects: the
 * entry's own first, then each chunk's as the chunks would load. Chunks named in `skip` are not followed
 * (what only they bring is left out).
 */
export function entryStylesheets(
  manifest: Record<string, ManifestChunk>,
  entryKey = 'index.html',
  skip: ReadonlySet<string> = new Set(),
): string[] {
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || skip.has(key)) return;
    seen.add(key);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const imported of chunk.dynamicImports ?? []) visit(imported);
  };
  visit(entryKey);
  return [...styles];
}

/**
 * The stylesheets one page needs (decision 026): the public entry's, less what only the other pages'
 * chunks bring. They keep the order `entryStylesheets` gives the whole site (not the order this page's
 * chunks alone would give), so two rules that meet on an element cascade alike on every page.
 */
export function pageStylesheets(
  manifest: Record<string, ManifestChunk>,
  pageKey: string,
  /** The source module of every page (`pageModules`' values). */
  pageKeys: readonly string[],
): string[] {
  const needed = new Set(
    entryStylesheets(manifest, 'index.html', new Set(pageKeys.filter((key) => key !== pageKey))),
  );
  return entryStylesheets(manifest).filter((file) => needed.has(file));
}

/**
 * The template with stylesheets in one <style> in place of the entry's stylesheet link: by default the
 * whole public site's (for a page the server did not render), else those `files` name (a page's own,
 * `pageStylesheets`). Inline they cost no request before the first paint. `readAsset` reads a built file
 * by its path under the web root.
 */
export function inlineStylesheets(
  template: string,
  manifest: Record<string, ManifestChunk>,
  readAsset: (file: string) => string,
  files = entryStylesheets(manifest),
): string {
  if (files.length === 0) return template;
  // "</style" cannot occur inside a style element; built CSS has no reason to contain it.
  const css = files.map((file) => readAsset(file).replace(/<\/style/gi, '<\\/style')).join('\n');
  const links = files.map(
    (file) =>
      new RegExp(`[ \\t]*<link rel="stylesheet"[^>]*href="/${file.replace(/[.]/g, '\\.')}"[^>]*>\\n?`),
  );
  // Where the entry's stylesheet was linked, or else at the end of the head.
  const at = links.map((link) => link.exec(template)?.index).find((index) => index !== undefined);
  const stripped = links.reduce((html, link) => html.replace(link, ''), template);
  // Each file is also named by a disabled link, which the browser never fetches: the loader of the
  // script chunks finds it and does not fetch that stylesheet when the chunk that uses it loads.
  const names = files.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`).join('');
  const style = `<style>${css}</style>${names}`;
  return at === undefined
    ? stripped.replace('</head>', `  ${style}\n  </head>`)
    : `${stripped.slice(0, at)}    ${style}\n${stripped.slice(at)}`;
}

/**
 * The template without the head tags each page brings its own of (title, description), so a page has one
 * of each. The template keeps them for when it is served as it is (no server rendering). Attributes may
 * be spread over lines, as a formatter leaves them.
 */
export function withoutTemplateHead(template: string): string {
  return template
    .replace(/<title>[^<]*<\/title>\s*/g, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/g, '');
}

export async function createPageRenderer(options: {
  template: string;
  /** Vite's build manifest, when there is one. */
  manifest?: Record<string, ManifestChunk>;
  ssrEntryFile: string;
  /** Reads a built file by its path under the web root (the stylesheets to inline). */
  readAsset?: (file: string) => string;
  siteUrl: string;
  onError: (error: unknown) => void;
}): Promise<PageRenderer> {
  const { siteUrl, manifest, readAsset } = options;
  let content: PageContentSource = () => Promise.reject(new Error('no page content source'));
  const extras: PageDataSource[] = [];
  // Without server rendering the browser draws whatever page it is on: it gets the whole site's CSS.
  const template = bootAfterFirstPaint(
    manifest && readAsset ? inlineStylesheets(options.template, manifest, readAsset) : options.template,
  );
  const entry = existsSync(options.ssrEntryFile)
    ? ((await import(pathToFileURL(options.ssrEntryFile).href)) as ServerEntry)
    : undefined;
  // A chunk that cannot load is reported here, and again by each page it leaves unrendered.
  await entry?.loaded?.().catch(options.onError);
  const pageKeys = Object.values(entry?.pageModules ?? {});
  /** Each page's template, with only the CSS that page needs, made once. */
  const shells = new Map<string, string>();
  const shellOf = (moduleKey: string | undefined): string => {
    if (!moduleKey || !manifest || !readAsset) return template;
    let shell = shells.get(moduleKey);
    if (shell === undefined) {
      const files = pageStylesheets(manifest, moduleKey, pageKeys);
      shell = bootAfterFirstPaint(inlineStylesheets(options.template, manifest, readAsset, files));
      shells.set(moduleKey, shell);
    }
    return shell;
  };
  const cache = new Map<string, { page: PreparedBody; at: number }>();
  /** Renderings under way, shared by every request that asks for the page meanwhile. */
  const rendering = new Map<string, Promise<PreparedBody>>();
  let generation = 0;
  let bare: Promise<PreparedBody> | undefined;
  /** The copies a content change dropped: served while the database cannot be read to make new ones. */
  const beforeChange = new Map<string, PreparedBody>();

  async function renderFresh(
    pathname: string,
    form?: PostedFormAnswer,
    given?: Awaited<ReturnType<PageContentSource>>,
    own?: PrivatePageData,
  ): Promise<string> {
    if (!entry) return template;
    const added = await Promise.all(extras.map((source) => source(pathname)));
    const data: PageData = {
      ...(given ?? (await content())),
      ...Object.assign({}, ...added),
      seed: Math.random(),
      ...(form === undefined ? {} : { form }),
      ...(own === undefined ? {} : { private: own }),
    };
    const page = await entry.render(pathname, data, siteUrl);
    const moduleKey = entry.pageModules[pageRouteOf(pathname)];
    const base = shellOf(moduleKey);
    // The page's own chunks go to the boot script, which fetches them after the first paint, or, with
    // a template that loads its scripts at once, to modulepreload links in the head.
    const shell = bootsAfterFirstPaint(base)
      ? withPagePreloads(base, pageScripts(manifest ?? {}, moduleKey, base))
      : base;
    const links = bootsAfterFirstPaint(base)
      ? ''
      : `\n    ${pageAssetLinks(manifest ?? {}, moduleKey, base)}`;
    return withoutTemplateHead(shell)
      .replace('</head>', `    ${page.head}${links}\n  </head>`)
      .replace(
        ROOT,
        `<div id="root">${page.html}</div>\n    <script type="application/json" id="initial-data">${page.state}</script>`,
      );
  }

  async function renderAndKeep(
    key: string,
    pathname: string,
    started: number,
    form?: PostedFormAnswer,
  ): Promise<PreparedBody> {
    try {
      const fresh = await prepareBody(await renderFresh(pathname, form));
      // A write that happened while rendering makes this copy stale: serve it, but do not keep it.
      if (started === generation) cache.set(key, { page: fresh, at: Date.now() });
      return fresh;
    } catch (error) {
      // Out of reach, the database cannot say what changed: the copy made before the change beats a
      // page without its content.
      const previous = isDatabaseUnavailable(error) ? beforeChange.get(key) : undefined;
      if (previous) return previous;
      // The page still works without server rendering: the browser loads the data itself.
      options.onError(error);
      bare ??= prepareBody(template);
      return bare;
    }
  }

  /** A kept page: `key` names the copy (the path, or the path with the refusal it carries). */
  function kept(
    key: string,
    pathname: string,
    form?: PostedFormAnswer,
  ): Promise<PreparedBody> | PreparedBody {
    const cached = cache.get(key);
    if (cached && Date.now() - cached.at < CACHE_TTL_MS) return cached.page;
    let pending = rendering.get(key);
    if (!pending) {
      const started = generation;
      const made = renderAndKeep(key, pathname, started, form);
      pending = made;
      rendering.set(key, made);
      void made.finally(() => {
        if (rendering.get(key) === made) rendering.delete(key);
      });
    }
    // A copy that only grew old (not one a content change dropped) is served while the next is made.
    return cached ? cached.page : pending;
  }

  return {
    serverRendered: Boolean(entry),
    invalidate() {
      generation++;
      for (const [pathname, { page }] of cache) beforeChange.set(pathname, page);
      cache.clear();
      rendering.clear();
    },
    drawContentFrom(source) {
      content = source;
    },
    addPageData(source) {
      extras.push(source);
    },
    page: (pathname) => kept(pathname, pathname),
    // Refusals are few (a handful of statuses and messages per form), so their copies stay few too.
    refusal: (pathname, form) => kept(`${pathname}\n${JSON.stringify(form)}`, pathname, form),
    async render(pathname) {
      return (await kept(pathname, pathname)).text;
    },
    renderWith(pathname, given) {
      return renderFresh(pathname, undefined, given);
    },
    renderPrivatePage(pathname, page) {
      return renderFresh(pathname, page.form, undefined, page.data);
    },
    async renderPrivate(pathname, form) {
      try {
        return await renderFresh(pathname, form);
      } catch (error) {
        options.onError(error);
        return template;
      }
    },
  };
}
