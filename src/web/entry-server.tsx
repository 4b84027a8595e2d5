import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from './lib/router.tsx';
import { App, loadAllPages } from './app.tsx';
import { DeferredHydrationProvider } from './lib/deferred-hydration.tsx';
import { loadEveryComponent } from './lib/lazy-component.tsx';
import { renderHead, renderPrivateHead } from './ssr/head.ts';
import { renderItemHead } from './ssr/item-head.ts';
import { initialState, queryCacheWith, serializeForScript, type PageData } from './ssr/initial-data.ts';

export type { PageData };
export { pageModules } from './ssr/page-modules.ts';

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** Tags for <head>. */
  head: string;
  /** JSON for the initial-data block (already safe inside a <script>). */
  state: string;
}

// The server renders every part at once, so it loads all of the app's code before the first page.
const everythingLoaded = loadAllPages().then(loadEveryComponent);

/**
 * Settles once all of the app's code is loaded. The server waits for it before it calls itself ready,
 * so no import is still under way when it answers, or when it is closed straight after it starts.
 */
export function loaded(): Promise<void> {
  return everythingLoaded;
}

/** Renders a page in Node with the data it needs; the browser hydrates it with the same data. */
export async function render(url: string, data: PageData, siteUrl: string): Promise<RenderedPage> {
  await everythingLoaded;
  const pathname = new URL(url, 'http://localhost').pathname;
  const queryCache = queryCacheWith(pathname, data);
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <DeferredHydrationProvider defer={false}>
          <App queryCache={queryCache} seed={data.seed} formAnswer={data.form} privateData={data.private} />
        </DeferredHydrationProvider>
      </StaticRouter>
    </StrictMode>,
  );
  return {
    html,
    // A private page (one visitor's, behind a token in its address) names no canonical address.
    head: data.private
      ? renderPrivateHead(pathname)
      : (renderItemHead(pathname, siteUrl, data) ?? renderHead(pathname, siteUrl, data.events)),
    state: serializeForScript(initialState(queryCache, data.seed, data.form, data.private)),
  };
}
