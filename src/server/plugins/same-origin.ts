import type { FastifyRequest } from 'fastify';

/**
 * True when the browser says a post comes from one of this site's own pages. A form posted without
 * script carries no CSRF token (the pages are cached, so they hold none); the browser's own headers
 * tell instead (docs/decisions/014-…): `Sec-Fetch-Site: same-origin` where the browser sends it, else
 * an `Origin` equal to the site's. A post with neither, or from anywhere else, is refused.
 */
export function isSameOriginPost(request: FastifyRequest, siteUrl: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite === 'same-origin';
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === 'null') return false;
  const own = new Set([new URL(siteUrl).origin, `${request.protocol}://${request.host}`]);
  return own.has(origin);
}
