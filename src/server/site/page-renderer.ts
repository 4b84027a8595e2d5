import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { routeOf } from '../../shared/api-paths.ts';
import type { FormAnswer } from '../../shared/form-answer.ts';
import type { PageData } from '../../shared/page-data.ts';
import type { Database } from '../db/schema.ts';
import { eventsRepository } from '../events/events.repository.ts';
import { newsRepository } from '../news/news.repository.ts';
import { partnersRepository } from '../partners/partners.repository.ts';
import { prepareBody, type PreparedBody } from './prepared-body.ts';

/** The server bundle of the web app (src/web/entry-server.tsx, built by `vite build --ssr`). */
interface ServerEntry {
  render(
    url: string,
    data: PageData,
    siteUrl: string,
  ): Promise<{ html: string; head: string; state: string }>;
  pageModules: Record<string, string>;
}

export interface PageRenderer {
  /** The full HTML document of a page. */
  render(pathname: string): Promise<string>;
  /** The same, with its ETag and compressed copies, made once per rendering. */
  page(pathname: string): Promise<PreparedBody>;
  /**
   * A page that carries one visitor's answer to a form (what they typed): rendered for that response
   * only, never cached.
   */
  renderPrivate(pathname: string, form: FormAnswer): Promise<string>;
  /** Forgets rendered pages (content changed). */
  invalidate(): void;
  readonly serverRendered: boolean;
}

// Rendered pages are reused for this long; the featured event is drawn again after it.
const CACHE_TTL_MS = 60_000;
const ROOT = '<div id="root"></div>';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The <head> links a server-rendered page needs from Vite's manifest: the stylesheets of its chunk and
 * of every chunk it may load later (their markup is already in the HTML, so their styles must be there
 * from the first paint), and modulepreload links for the script chunks it imports at once.
 */
export function pageAssetLinks(
  manifest: Record<string, ManifestChunk>,
  moduleKey: string | undefined,
  /** The HTML the links go into: what it links already is not linked twice. */
  template = '',
): string {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, eager: boolean) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(`${key}:${eager}`)) return;
    seen.add(`${key}:${eager}`);
    if (eager) scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported, eager);
    // The entry's own dynamic imports are the other pages: not this page's business.
    if (!chunk.isEntry) for (const imported of chunk.dynamicImports ?? []) visit(imported, false);
  };
  if (moduleKey) visit(moduleKey, true);
  const fresh = (file: string) => !template.includes(`"/${file}"`);
  return [
    ...[...styles].filter(fresh).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...scripts].filter(fresh).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ');
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
  db: Kysely<Database>;
  siteUrl: string;
  onError: (error: unknown) => void;
}): Promise<PageRenderer> {
  const { template, db, siteUrl } = options;
  const entry = existsSync(options.ssrEntryFile)
    ? ((await import(pathToFileURL(options.ssrEntryFile).href)) as ServerEntry)
    : undefined;
  const cache = new Map<string, { page: PreparedBody; at: number }>();
  let generation = 0;
  let bare: Promise<PreparedBody> | undefined;

  async function renderFresh(pathname: string, form?: FormAnswer): Promise<string> {
    if (!entry) return template;
    const [events, news, partners] = await Promise.all([
      eventsRepository.list(db),
      newsRepository.list(db),
      partnersRepository.list(db),
    ]);
    const data: PageData = {
      events,
      news,
      partners,
      seed: Math.random(),
      ...(form === undefined ? {} : { form }),
    };
    const page = await entry.render(pathname, data, siteUrl);
    return withoutTemplateHead(template)
      .replace(
        '</head>',
        `    ${page.head}\n    ${pageAssetLinks(options.manifest ?? {}, entry.pageModules[routeOf(pathname)], template)}\n  </head>`,
      )
      .replace(
        ROOT,
        `<div id="root">${page.html}</div>\n    <script type="application/json" id="initial-data">${page.state}</script>`,
      );
  }

  async function page(pathname: string): Promise<PreparedBody> {
    const cached = cache.get(pathname);
    if (cached && Date.now() - cached.at < CACHE_TTL_MS) return cached.page;
    const started = generation;
    try {
      const fresh = await prepareBody(await renderFresh(pathname));
      // A write that happened while rendering makes this copy stale: serve it, but do not keep it.
      if (started === generation) cache.set(pathname, { page: fresh, at: Date.now() });
      return fresh;
    } catch (error) {
      // The page still works without server rendering: the browser loads the data itself.
      options.onError(error);
      bare ??= prepareBody(template);
      return bare;
    }
  }

  return {
    serverRendered: Boolean(entry),
    invalidate() {
      generation++;
      cache.clear();
    },
    page,
    async render(pathname) {
      return (await page(pathname)).text;
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
