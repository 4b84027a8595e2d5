import { fillRoute } from './api-paths.ts';

// Apart from api-paths.ts, so that only the code that needs them (the server, the newsletter's lazy
// page and form) carries them, not the public site's first load.

/**
 * The newsletter's pages: `subscribe` takes the footer form posted without script, `pending` is where
 * it lands; the links in the mails open `confirm` and `unsubscribe` (a page whose button posts), which
 * lead to `confirmed` and `unsubscribed`.
 */
export const newsletterPaths = {
  subscribe: '/Boletin',
  pending: '/Boletin/Pendiente',
  confirm: '/Boletin/confirmar/:token',
  confirmed: '/Boletin/Confirmada',
  unsubscribe: '/Boletin/baja/:token',
  unsubscribed: '/Boletin/BajaConfirmada',
} as const;
/** The newsletter's public API route (the footer form with script), with the others' in routes-contract.test.ts. */
export const newsletterApiRoutes = { subscribe: '/api/newsletter/subscribe' } as const;

export const newsletterLinks = {
  confirm: (token: string) => fillRoute(newsletterPaths.confirm, token),
  unsubscribe: (token: string) => fillRoute(newsletterPaths.unsubscribe, token),
} as const;
