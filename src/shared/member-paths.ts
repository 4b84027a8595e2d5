import { apiRoutes, fillRoute, memberPageRoutes } from './api-paths.ts';

// Apart from api-paths.ts, so that only the code that needs them (the server, the member's page, the
// admin) carries them, not the public site's first load.

/**
 * A member's own pages. Her page (`/Socia/<token>`) shows everything; each change is a form that posts
 * to one of the addresses below it and is answered 303 back to the page. A seat's invitation opens a
 * page whose button accepts. GET never changes anything (mail scanners open links).
 */
export const memberPaths = {
  access: memberPageRoutes.access,
  page: memberPageRoutes.page,
  directory: '/Socia/:token/directorio',
  renew: '/Socia/:token/renovar',
  leave: '/Socia/:token/baja',
  invite: '/Socia/:token/invitar',
  proof: '/Socia/:token/comprobante',
  receipt: '/Socia/:token/recibos/:paymentId',
  invitation: memberPageRoutes.invitation,
} as const;

const withToken = (pattern: string, token: string) => pattern.replace(':token', encodeURIComponent(token));

/** The addresses of one member's page and its forms, from her link's token. */
export const memberLinks = {
  page: (token: string) => withToken(memberPaths.page, token),
  directory: (token: string) => withToken(memberPaths.directory, token),
  renew: (token: string) => withToken(memberPaths.renew, token),
  leave: (token: string) => withToken(memberPaths.leave, token),
  invite: (token: string) => withToken(memberPaths.invite, token),
  proof: (token: string) => withToken(memberPaths.proof, token),
  receipt: (token: string, paymentId: string) =>
    withToken(memberPaths.receipt, token).replace(':paymentId', encodeURIComponent(paymentId)),
  invitation: (token: string) => withToken(memberPaths.invitation, token),
} as const;

/**
 * The members' API, with its parameters filled (the patterns are `apiRoutes`' own). Made by a call
 * marked pure, as `adminPaths`: a bundle that does not use it (the member's page) leaves every API
 * route out.
 */
const makeMemberApiPaths = (routes: typeof apiRoutes) => ({
  plans: routes.membershipPlans,
  directory: routes.membershipDirectory,
  access: routes.membershipAccess,
  plan: (slug: string) => fillRoute(routes.membershipPlan, slug),
  settings: routes.membershipSettings,
  statement: routes.membershipStatement,
  statementAccept: routes.membershipStatementAccept,
  members: routes.members,
  summary: routes.membersSummary,
  csv: routes.membersCsv,
  import: routes.membersImport,
  member: (id: string) => fillRoute(routes.member, id),
  approve: (id: string) => fillRoute(routes.memberApprove, id),
  reject: (id: string) => fillRoute(routes.memberReject, id),
  leave: (id: string) => fillRoute(routes.memberLeave, id),
  payments: (id: string) => fillRoute(routes.memberPayments, id),
  renewal: (id: string) => fillRoute(routes.memberRenewal, id),
  receipt: (id: string, paymentId: string) => fillRoute(fillRoute(routes.memberReceipt, id), paymentId),
  proof: (id: string) => fillRoute(routes.memberProof, id),
});
export const memberApiPaths = /* @__PURE__ */ makeMemberApiPaths(apiRoutes);
