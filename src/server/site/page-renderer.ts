import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { eventsRepository } from '../events/events.repository.ts';
import { newsRepository } from '../news/news.repository.ts';
import { partnersRepository } from '../partners/partners.repository.ts';

/** The server bundle of the web app (src/web/entry-server.tsx, built by `vite build --ssr`). */
interface ServerEntry {
  render(
    url: string,
    data: { events: unknown[]; news: unknown[]; partners: unknown[]; seed: number },
    siteUrl: string,
  ): Promise<{ html: string; head: string; state: string }>;
  pageModules: Record<string, string>;
}

export interface PageRenderer {
  /** The full HTML document of a page. */
  render(pathname: string): Promise<string>;
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
  const cache = new Map<string, { html: string; at: number }>();
  let generation = 0;

  async function renderFresh(pathname: string): Promise<string> {
    if (!entry) return template;
    const [events, news, partners] = await Promise.all([
      eventsRepository.list(db),
      newsRepository.list(db),
      partnersRepository.list(db),
    ]);
    const page = await entry.render(pathname, { events, news, partners, seed: Math.random() }, siteUrl);
    return template
      .replace(/<title>[^<]*<\/title>/, '')
      .replace(/<meta name="description"[^>]*>/, '')
      .replace(
        '</head>',
        `    ${page.head}\n    ${pageAssetLinks(options.manifest ?? {}, entry.pageModules[pathname], template)}\n  </head>`,
      )
      .replace(
        ROOT,
        `<div id="root">${page.html}</div>\n    <script type="application/json" id="initial-data">${page.state}</script>`,
      );
  }

  return {
    serverRendered: Boolean(entry),
    invalidate() {
      generation++;
      cache.clear();
    },
    async render(pathname) {
      const cached = cache.get(pathname);
      if (cached && Date.now() - cached.at < CACHE_TTL_MS) return cached.html;
      const started = generation;
      try {
        const html = await renderFresh(pathname);
        // A write that happened while rendering makes this copy stale: serve it, but do not keep it.
        if (started === generation) cache.set(pathname, { html, at: Date.now() });
        return html;
      } catch (error) {
        // The page still works without server rendering: the browser loads the data itself.
        options.onError(error);
        return template;
      }
    },
  };
}
