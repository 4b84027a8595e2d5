import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app.tsx';
import { renderHead } from './ssr/head.ts';
import { initialState, queryClientWith, serializeForScript, type PageData } from './ssr/initial-data.ts';

export type { PageData };

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** Tags for <head>. */
  head: string;
  /** JSON for the initial-data block (already safe inside a <script>). */
  state: string;
}

/** Renders a page in Node with the data it needs; the browser hydrates it with the same data. */
export function render(url: string, data: PageData, siteUrl: string): RenderedPage {
  const pathname = new URL(url, 'http://localhost').pathname;
  const queryClient = queryClientWith(pathname, data);
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App queryClient={queryClient} seed={data.seed} />
      </StaticRouter>
    </StrictMode>,
  );
  return {
    html,
    head: renderHead(pathname, siteUrl, data.events),
    state: serializeForScript(initialState(queryClient, data.seed)),
  };
}
