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

/**
 * Every API route's pattern, as the server registers it. The builders below fill the parameters, so a
 * path the web asks for and the route that answers it cannot drift apart.
 */
export const apiRoutes = {
  health: '/api/health',
  csrf: '/api/csrf',
  contact: '/api/mail/contact',
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  me: '/api/auth/me',
  loginSecondFactor: '/api/auth/login/second-factor',
  list: (resource: Resource) => `/api/${resource}/get-all`,
  get: (resource: Resource) => `/api/${resource}/get-by-id/:id`,
  create: (resource: Resource) => `/api/${resource}/create`,
  update: (resource: Resource) => `/api/${resource}/update`,
  remove: (resource: Resource) => `/api/${resource}/delete/:id`,
  eventsFeed: '/api/events/calendar.ics',
  eventFile: '/api/events/calendar/:file',
  requests: '/api/admin/requests',
  requestsCsv: '/api/admin/requests/export.csv',
  request: '/api/admin/requests/:id',
  requestStatus: '/api/admin/requests/:id/status',
  requestRetry: '/api/admin/requests/:id/retry',
  retention: '/api/admin/settings/retention',
  admins: '/api/admin/admins',
  admin: '/api/admin/admins/:id',
  ownPassword: '/api/admin/me/password',
  secondFactor: '/api/admin/me/second-factor',
  secondFactorSetup: '/api/admin/me/second-factor/setup',
  secondFactorEnable: '/api/admin/me/second-factor/enable',
  secondFactorDisable: '/api/admin/me/second-factor/disable',
  audit: '/api/admin/audit',
  uploads: '/api/admin/uploads',
  uploadItem: '/api/admin/uploads/:id',
  upload: '/api/uploads',
} as const;

/** A route's pattern with its one parameter filled (encoded). */
export const fillRoute = (pattern: string, value: string) =>
  pattern.replace(/:[A-Za-z]+/, encodeURIComponent(value));

export const apiPaths = {
  health: apiRoutes.health,
  csrf: apiRoutes.csrf,
  contact: apiRoutes.contact,
  login: apiRoutes.login,
  logout: apiRoutes.logout,
  me: apiRoutes.me,
  loginSecondFactor: apiRoutes.loginSecondFactor,
  list: apiRoutes.list,
  get: (resource: Resource, id: string) => fillRoute(apiRoutes.get(resource), id),
  create: apiRoutes.create,
  update: apiRoutes.update,
  remove: (resource: Resource, id: string) => fillRoute(apiRoutes.remove(resource), id),
} as const;

/** The admin's API (src/server/admin, src/server/uploads). */
export const adminPaths = {
  requests: apiRoutes.requests,
  requestsCsv: apiRoutes.requestsCsv,
  request: (id: string) => fillRoute(apiRoutes.request, id),
  requestStatus: (id: string) => fillRoute(apiRoutes.requestStatus, id),
  requestRetry: (id: string) => fillRoute(apiRoutes.requestRetry, id),
  retention: apiRoutes.retention,
  admins: apiRoutes.admins,
  admin: (id: string) => fillRoute(apiRoutes.admin, id),
  ownPassword: apiRoutes.ownPassword,
  secondFactor: apiRoutes.secondFactor,
  secondFactorSetup: apiRoutes.secondFactorSetup,
  secondFactorEnable: apiRoutes.secondFactorEnable,
  secondFactorDisable: apiRoutes.secondFactorDisable,
  audit: apiRoutes.audit,
  uploads: apiRoutes.uploads,
  uploadItem: (id: string) => fillRoute(apiRoutes.uploadItem, id),
  upload: apiRoutes.upload,
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
