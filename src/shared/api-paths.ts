// Every API path, once. Server routes and the web client both build on these.
export const API_PREFIX = '/api';

export const resources = ['events', 'news', 'partners'] as const;
export type Resource = (typeof resources)[number];

/** The spec's payload names: create sends `{[createKey]}`, update sends `{[idKey], [dataKey]}`. */
export const payloadKeys = {
  events: { createKey: 'event', idKey: 'eventId', dataKey: 'eventData' },
  news: { createKey: 'news', idKey: 'newsId', dataKey: 'newsData' },
  partners: { createKey: 'partners', idKey: 'partnersId', dataKey: 'partnersData' },
} as const satisfies Record<Resource, { createKey: string; idKey: string; dataKey: string }>;

export const apiPaths = {
  health: '/api/health',
  csrf: '/api/csrf',
  contact: '/api/mail/contact',
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  me: '/api/auth/me',
  loginSecondFactor: '/api/auth/login/second-factor',
  list: (resource: Resource) => `/api/${resource}/get-all`,
  get: (resource: Resource, id: string) => `/api/${resource}/get-by-id/${encodeURIComponent(id)}`,
  create: (resource: Resource) => `/api/${resource}/create`,
  update: (resource: Resource) => `/api/${resource}/update`,
  remove: (resource: Resource, id: string) => `/api/${resource}/delete/${encodeURIComponent(id)}`,
} as const;

/** The admin's API (src/server/admin, src/server/uploads). */
export const adminPaths = {
  requests: '/api/admin/requests',
  requestsCsv: '/api/admin/requests/export.csv',
  request: (id: string) => `/api/admin/requests/${encodeURIComponent(id)}`,
  requestStatus: (id: string) => `/api/admin/requests/${encodeURIComponent(id)}/status`,
  requestRetry: (id: string) => `/api/admin/requests/${encodeURIComponent(id)}/retry`,
  retention: '/api/admin/settings/retention',
  admins: '/api/admin/admins',
  admin: (id: string) => `/api/admin/admins/${encodeURIComponent(id)}`,
  ownPassword: '/api/admin/me/password',
  secondFactor: '/api/admin/me/second-factor',
  secondFactorSetup: '/api/admin/me/second-factor/setup',
  secondFactorEnable: '/api/admin/me/second-factor/enable',
  secondFactorDisable: '/api/admin/me/second-factor/disable',
  audit: '/api/admin/audit',
  uploads: '/api/admin/uploads',
  uploadItem: (id: string) => `/api/admin/uploads/${encodeURIComponent(id)}`,
  upload: '/api/uploads',
} as const;

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
export const SESSION_COOKIE = 'sid';

/** The public routes of the web app (spec section 2). */
export const pagePaths = {
  inicio: '/Inicio',
  membresias: '/Membresias',
  socias: '/Socias',
  aportaciones: '/Aportaciones',
  avisoPrivacidad: '/AvisoDePrivacidad',
} as const;
export const PAGE_PATHS: readonly string[] = Object.values(pagePaths);

/** The page of one news entry or event, by its slug. */
export const itemPaths = {
  news: (slug: string) => `/Noticias/${encodeURIComponent(slug)}`,
  event: (slug: string) => `/Eventos/${encodeURIComponent(slug)}`,
} as const;
/** The router's patterns of those pages. */
export const itemRoutes = { news: '/Noticias/:slug', event: '/Eventos/:slug' } as const;
/** Where an unknown or deleted entry sends the visitor: its section on the home page. */
export const itemSections = { news: `${pagePaths.inicio}#Noticias`, event: `${pagePaths.inicio}#Eventos` };

/**
 * The request forms' plain HTML posts (when no script has run): `send` takes the post and answers
 * the form again with its messages, `sent` is where a stored request lands.
 */
export const requestPaths = { send: '/Solicitud', sent: '/SolicitudEnviada' } as const;

/** The route a page path belongs to: itself, or an item page's pattern (`/Noticias/x` → `/Noticias/:slug`). */
export function routeOf(pathname: string): string {
  if (/^\/Noticias\/[^/]+$/.test(pathname)) return itemRoutes.news;
  if (/^\/Eventos\/[^/]+$/.test(pathname)) return itemRoutes.event;
  return pathname;
}
