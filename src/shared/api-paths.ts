// Every API path, once. Server routes and the web client both build on these.

export const resources = ['events', 'news', 'partners'] as const;
export type Resource = (typeof resources)[number];

/** The spec's payload names: create sends `{[createKey]}`, update sends `{[idKey], [dataKey]}`. */
export const payloadKeys = {
  events: { createKey: 'event', idKey: 'eventId', dataKey: 'eventData' },
  news: { createKey: 'news', idKey: 'newsId', dataKey: 'newsData' },
  partners: { createKey: 'partners', idKey: 'partnersId', dataKey: 'partnersData' },
} as const satisfies Record<Resource, { createKey: string; idKey: string; dataKey: string }>;

/** The routes the public site calls; the admin's are added in `apiRoutes`, which the site never loads. */
const siteRoutes = {
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
} as const;

/**
 * Sign-up for an event (src/server/registrations): public, but only the pages with the form use it,
 * through `registrationPaths` (src/shared/registrations.ts); joined like the admin's routes, so the
 * home page's first load does not carry it.
 */
const registrationRoutes = { eventRegistrations: '/api/events/:id/registrations' } as const;

/**
 * The two members' routes the public pages read (/Membresias, /Socias), on their own so that those
 * pages' code does not carry the whole table of routes.
 */
export const membershipPublicRoutes = {
  plans: '/api/membership/plans',
  directory: '/api/membership/directory',
} as const;

/**
 * Members (src/server/members): the plans, the directory and the link to a member's page (public), and
 * the staff's routes. Their builders are in member-paths.ts; joined like the admin's routes.
 */
const memberRoutes = {
  membershipPlans: membershipPublicRoutes.plans,
  membershipDirectory: membershipPublicRoutes.directory,
  membershipAccess: '/api/membership/access',
  membershipPlan: '/api/admin/membership/plans/:slug',
  membershipSettings: '/api/admin/membership/settings',
  membershipStatement: '/api/admin/membership/statement',
  membershipStatementAccept: '/api/admin/membership/statement/accept',
  members: '/api/admin/members',
  membersSummary: '/api/admin/members/summary',
  membersCsv: '/api/admin/members/export.csv',
  membersImport: '/api/admin/members/import',
  member: '/api/admin/members/:id',
  memberApprove: '/api/admin/members/:id/approve',
  memberReject: '/api/admin/members/:id/reject',
  memberLeave: '/api/admin/members/:id/leave',
  memberPayments: '/api/admin/members/:id/payments',
  memberRenewal: '/api/admin/members/:id/renewal',
  memberReceipt: '/api/admin/members/:id/payments/:paymentId/receipt.pdf',
  memberProof: '/api/admin/members/:id/proof',
} as const;

/**
 * A report of an accessibility barrier (src/server/requests, the form of /Accesibilidad): public, used
 * only by that page's form; joined like the admin's routes.
 */
export const barrierApiRoutes = { report: '/api/accessibility/barriers' } as const;
const accessibilityRoutes = { barrierReports: barrierApiRoutes.report } as const;

/** The admin's routes (src/server/admin, src/server/uploads). */
const adminRoutes = {
  requests: '/api/admin/requests',
  requestsCsv: '/api/admin/requests/export.csv',
  requestsSummary: '/api/admin/requests/summary',
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
  stepUp: '/api/admin/me/confirm',
  otherSessions: '/api/admin/me/other-sessions',
  passwordReset: '/api/auth/password-reset',
  passwordResetConfirm: '/api/auth/password-reset/confirm',
  audit: '/api/admin/audit',
  uploads: '/api/admin/uploads',
  uploadItem: '/api/admin/uploads/:id',
  upload: '/api/uploads',
  arcoRequests: '/api/admin/privacy/requests',
  arcoRequest: '/api/admin/privacy/requests/:id',
  arcoRequestStatus: '/api/admin/privacy/requests/:id/status',
  privacySummary: '/api/admin/privacy/summary',
  person: '/api/admin/privacy/person',
  personExport: '/api/admin/privacy/person/export',
  personCancel: '/api/admin/privacy/person/cancel',
  adminEvents: '/api/admin/content/events',
  adminEvent: '/api/admin/content/events/:id',
  adminEventPreview: '/api/admin/content/events/:id/preview',
  adminNews: '/api/admin/content/news',
  adminNewsItem: '/api/admin/content/news/:id',
  adminNewsPreview: '/api/admin/content/news/:id/preview',
  adminEventShareCard: '/api/admin/share-cards/events/:id',
  adminNewsShareCard: '/api/admin/share-cards/news/:id',
  eventRegistrationsAdmin: '/api/admin/events/:id/registrations',
  registrationsSummary: '/api/admin/registrations/summary',
  eventRegistrationsCsv: '/api/admin/events/:id/registrations/export.csv',
  registrationCancel: '/api/admin/registrations/:id/cancel',
  newsletterSummary: '/api/admin/newsletter/summary',
  newsletterSubscribers: '/api/admin/newsletter/subscribers',
  newsletterSubscribersCsv: '/api/admin/newsletter/subscribers/export.csv',
  newsletterCampaigns: '/api/admin/newsletter/campaigns',
  newsletterCampaign: '/api/admin/newsletter/campaigns/:id',
  newsletterCampaignSend: '/api/admin/newsletter/campaigns/:id/send',
  newsletterCampaignTest: '/api/admin/newsletter/campaigns/:id/test',
  newsletterCampaignPreview: '/api/admin/newsletter/campaigns/:id/preview',
  newsletterCampaignResend: '/api/admin/newsletter/campaigns/:id/resend-uncertain',
  // Certificates and the survey (src/server/certificates; builders in certificates.ts).
  eventCertificate: '/api/admin/events/:id/certificate',
  eventCertificates: '/api/admin/events/:id/certificates',
  eventCertificatesSend: '/api/admin/events/:id/certificates/send',
  certificateRevoke: '/api/admin/certificates/:folio/revoke',
  eventSurveyResults: '/api/admin/events/:id/survey/results',
  eventSurveyResultsCsv: '/api/admin/events/:id/survey/results.csv',
} as const;

/**
 * Every API route's pattern, as the server registers it. The builders below fill the parameters, so a
 * path the web asks for and the route that answers it cannot drift apart. (Joined by a call marked
 * pure: a bundle that does not use it, the public site's, leaves the admin's routes out.)
 */
const joinRoutes = <A extends object, B extends object>(a: A, b: B): A & B => ({ ...a, ...b });
export const apiRoutes = /* @__PURE__ */ joinRoutes(
  siteRoutes,
  /* @__PURE__ */ joinRoutes(
    adminRoutes,
    /* @__PURE__ */ joinRoutes(
      registrationRoutes,
      /* @__PURE__ */ joinRoutes(memberRoutes, accessibilityRoutes),
    ),
  ),
);

/** A route's pattern with its one parameter filled (encoded). */
export const fillRoute = (pattern: string, value: string) =>
  pattern.replace(/:[A-Za-z]+/, encodeURIComponent(value));

export const apiPaths = {
  health: siteRoutes.health,
  csrf: siteRoutes.csrf,
  contact: siteRoutes.contact,
  login: siteRoutes.login,
  logout: siteRoutes.logout,
  me: siteRoutes.me,
  loginSecondFactor: siteRoutes.loginSecondFactor,
  list: siteRoutes.list,
  get: (resource: Resource, id: string) => fillRoute(siteRoutes.get(resource), id),
  create: siteRoutes.create,
  update: siteRoutes.update,
  remove: (resource: Resource, id: string) => fillRoute(siteRoutes.remove(resource), id),
} as const;

/** The calendar files of the events (src/server/content/calendar.routes.ts). */
export const calendarPaths = {
  feed: siteRoutes.eventsFeed,
  eventFile: (file: string) => fillRoute(siteRoutes.eventFile, file),
} as const;

/** The admin's API (src/server/admin, src/server/uploads); made by a call marked pure, as `apiRoutes`. */
const makeAdminPaths = (routes: typeof adminRoutes) =>
  ({
    requests: routes.requests,
    requestsCsv: routes.requestsCsv,
    requestsSummary: routes.requestsSummary,
    request: (id: string) => fillRoute(routes.request, id),
    requestStatus: (id: string) => fillRoute(routes.requestStatus, id),
    requestRetry: (id: string) => fillRoute(routes.requestRetry, id),
    retention: routes.retention,
    admins: routes.admins,
    admin: (id: string) => fillRoute(routes.admin, id),
    ownPassword: routes.ownPassword,
    secondFactor: routes.secondFactor,
    secondFactorSetup: routes.secondFactorSetup,
    secondFactorEnable: routes.secondFactorEnable,
    secondFactorDisable: routes.secondFactorDisable,
    stepUp: routes.stepUp,
    otherSessions: routes.otherSessions,
    passwordReset: routes.passwordReset,
    passwordResetConfirm: routes.passwordResetConfirm,
    audit: routes.audit,
    uploads: routes.uploads,
    uploadItem: (id: string) => fillRoute(routes.uploadItem, id),
    upload: routes.upload,
    arcoRequests: routes.arcoRequests,
    arcoRequest: (id: string) => fillRoute(routes.arcoRequest, id),
    arcoRequestStatus: (id: string) => fillRoute(routes.arcoRequestStatus, id),
    privacySummary: routes.privacySummary,
    person: routes.person,
    personExport: routes.personExport,
    personCancel: routes.personCancel,
    /** Every event or news item, whatever its state, with it (content/admin-content.routes.ts). */
    contentList: (resource: 'events' | 'news') =>
      resource === 'events' ? routes.adminEvents : routes.adminNews,
    contentItem: (resource: 'events' | 'news', id: string) =>
      fillRoute(resource === 'events' ? routes.adminEvent : routes.adminNewsItem, id),
    /** The entry's page as visitors will see it, for the admin only. */
    contentPreview: (resource: 'events' | 'news', id: string) =>
      fillRoute(resource === 'events' ? routes.adminEventPreview : routes.adminNewsPreview, id),
    /** An entry's share card as staff see it, and their choice (share-cards/share-cards.routes.ts). */
    shareCard: (resource: 'events' | 'news', id: string) =>
      fillRoute(resource === 'events' ? routes.adminEventShareCard : routes.adminNewsShareCard, id),
    eventRegistrations: (eventId: string) => fillRoute(routes.eventRegistrationsAdmin, eventId),
    registrationsSummary: routes.registrationsSummary,
    eventRegistrationsCsv: (eventId: string) => fillRoute(routes.eventRegistrationsCsv, eventId),
    registrationCancel: (id: string) => fillRoute(routes.registrationCancel, id),
    newsletterSummary: routes.newsletterSummary,
    newsletterSubscribers: routes.newsletterSubscribers,
    newsletterSubscribersCsv: routes.newsletterSubscribersCsv,
    newsletterCampaigns: routes.newsletterCampaigns,
    newsletterCampaign: (id: string) => fillRoute(routes.newsletterCampaign, id),
    newsletterCampaignSend: (id: string) => fillRoute(routes.newsletterCampaignSend, id),
    newsletterCampaignTest: (id: string) => fillRoute(routes.newsletterCampaignTest, id),
    newsletterCampaignPreview: (id: string) => fillRoute(routes.newsletterCampaignPreview, id),
    newsletterCampaignResend: (id: string) => fillRoute(routes.newsletterCampaignResend, id),
  }) as const;
export const adminPaths = /* @__PURE__ */ makeAdminPaths(adminRoutes);

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
  derechosArco: '/DerechosARCO',
  /** The accessibility statement, with the form to report a barrier (src/shared/barriers.ts). */
  accesibilidad: '/Accesibilidad',
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

/**
 * The ARCO form's plain HTML post goes to its own page (`/DerechosARCO`); a stored request lands on
 * `received`, with its folio in the query (`?folio=ARCO-…`).
 */
export const arcoPaths = { received: '/DerechosARCO/Recibida' } as const;

/**
 * The accessibility statement, whose form to report a barrier posts to the page itself without script;
 * a stored report lands on `sent` (src/shared/barriers.ts).
 */
export const barrierPaths = { page: '/Accesibilidad', sent: '/Accesibilidad/Enviado' } as const;

/**
 * A member's own pages (src/server/members), each rendered for her alone: asking for the link to her
 * page, her page (`/Socia/<token>`), and a corporate seat's invitation.
 */
export const memberPageRoutes = {
  access: '/Socia',
  page: '/Socia/:token',
  invitation: '/Socia/invitacion/:token',
} as const;

/** The route a page path belongs to: itself, or an item page's pattern (`/Noticias/x` → `/Noticias/:slug`). */
export function routeOf(pathname: string): string {
  if (/^\/Noticias\/[^/]+$/.test(pathname)) return itemRoutes.news;
  if (/^\/Eventos\/[^/]+$/.test(pathname)) return itemRoutes.event;
  return pathname;
}

/**
 * `routeOf`, knowing also the links with a token of the newsletter (`/Boletin/baja/x` →
 * `/Boletin/baja/:token`) and of a member's pages (`/Socia/x` → `/Socia/:token`): for the server and the
 * pages' titles. The site's router does not need it (those pages are its catch-all), so its first load
 * does not carry it.
 */
export function pageRouteOf(pathname: string): string {
  if (/^\/Boletin\/\w+\/[^/]+$/.test(pathname)) return pathname.replace(/[^/]+$/, ':token');
  if (/^\/Socia\/invitacion\/[^/]+$/.test(pathname)) return memberPageRoutes.invitation;
  if (/^\/Socia\/[^/]+$/.test(pathname)) return memberPageRoutes.page;
  // The sign-up's pages (registration-paths.ts).
  if (/^\/Registro\/[^/]+$/.test(pathname)) return '/Registro/:token';
  if (/^\/Eventos\/registro\/[^/]+$/.test(pathname)) return '/Eventos/registro/:id';
  if (/^\/admin\/asistencia\/[^/]+$/.test(pathname)) return '/admin/asistencia/:id';
  if (/^\/Constancias\/[^/]+$/.test(pathname)) return '/Constancias/:folio';
  if (/^\/Encuesta\/[^/]+$/.test(pathname)) return '/Encuesta/:token';
  return routeOf(pathname);
}
