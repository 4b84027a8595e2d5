import { escapeHtml } from '../lib/html.ts';

/**
 * An entry's page as the admin previews it (decision 034): the page a visitor would get, drawn without
 * its scripts (the browser's app would read the address of the preview, not the page's own, and
 * leave it), marked for no search engine, with a banner above it that says whether the page is public.
 */
export function previewDocument(page: string, banner: string): string {
  const escaped = escapeHtml(banner);
  const bar =
    `<div role="note" data-preview-banner style="position:sticky;top:0;z-index:2147483647;margin:0;` +
    `padding:0.75rem 1rem;background:#fff4ce;color:#3b2f00;border-bottom:2px solid #8a6d00;` +
    `font:600 1rem/1.4 system-ui,sans-serif;text-align:center">${escaped}</div>`;
  return (
    page
      // Scripts go; structured data (JSON-LD) stays, as it is part of what the page says.
      .replace(/<script\b(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>\s*/gi, '')
      .replace(/<link rel="modulepreload"[^>]*>\s*/gi, '')
      .replace(/<meta name="robots"[^>]*>\s*/gi, '')
      .replace('</head>', '  <meta name="robots" content="noindex, nofollow">\n  </head>')
      .replace(/<body([^>]*)>/, `<body$1>${bar}`)
  );
}
