import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { BOOT_SCRIPT_SOURCE } from '../site/boot-script.ts';

/** The video host the home page embeds (click to load). */
const VIDEO_FRAME_SOURCES = ['https://www.youtube-nocookie.com', 'https://www.youtube.com'];

/** The site's helmet settings: a strict CSP, HSTS only where there is HTTPS (production). */
export function helmetOptions(production: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The pages' one inline script, by its hash (src/server/site/boot-script.ts).
        scriptSrc: ["'self'", BOOT_SCRIPT_SOURCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: VIDEO_FRAME_SOURCES,
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        manifestSrc: ["'self'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets with these options, worked out once. No directive depends on the request
 * (no nonces), so every answer gets the same set; running helmet's middleware for each request, as
 * @fastify/helmet does, rebuilt it every time.
 */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    finished = true;
    failure = error;
  });
  // Helmet's middleware is synchronous; if it ever stops being so, this says it at start.
  if (!finished) throw new Error('helmet did not finish synchronously');
  if (failure) throw failure;
  return Object.freeze(headers);
}

/** The document-only headers: what they govern (scripts, frames, links, pop-ups) a JSON answer has none of. */
const KEPT_FOR_DATA = [
  'cross-origin-resource-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-permitted-cross-domain-policies',
] as const;

/**
 * The headers of the API's answers (JSON, and the CSV and calendar files): what still protects a
 * response that is not a page. Another site may not read or embed it (CORP, frames), the browser
 * may not take it for something else (nosniff), HSTS holds, and if one is opened as a page nothing in it
 * may load or run (`default-src 'none'`). The page headers (the page's CSP, COOP, Referrer-Policy and
 * the rest) govern what a document does, and a JSON answer does nothing; leaving them off halves the
 * bytes of the small answers the public lists are (decision 023).
 */
export function dataSecurityHeaders(
  pageHeaders: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  };
  for (const name of KEPT_FOR_DATA) {
    const value = pageHeaders[name];
    if (value !== undefined) headers[name] = value;
  }
  return Object.freeze(headers);
}
